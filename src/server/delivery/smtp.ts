import { createTransport } from 'nodemailer';
import type { DeliveryAdapter } from './message';

/** E-mail over SMTP (`SMTP_URL=smtps://user:pass@host:465`, sender `MAIL_FROM`). */
export function smtpAdapter(url: string, from: string): DeliveryAdapter {
  const transport = createTransport(url);
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
