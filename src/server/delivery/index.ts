/**
 * Mail and SMS delivery. With `SMTP_URL` (and `MAIL_FROM`) e-mail goes over SMTP; with
 * `SMS_GATEWAY_URL` (and `SMS_GATEWAY_TOKEN`) SMS goes to the gateway; otherwise each lands in the
 * development outbox (`$DATA_DIR/outbox/*.json`, page /dev/outbox outside production).
 */
import type { DeliveryAdapter, OutgoingMessage } from './message';
import { outboxAdapter } from './outbox';
import { smsGatewayAdapter } from './sms-gateway';
import { smtpAdapter } from './smtp';

export type { DeliveryAdapter, OutgoingMessage } from './message';
export { outboxAdapter, outboxDir, readOutbox, type OutboxEntry } from './outbox';

let override: Partial<Record<OutgoingMessage['channel'], DeliveryAdapter>> = {};

/** The adapter for a channel, from the environment (or a test's override). */
export function adapterFor(channel: OutgoingMessage['channel'], env = process.env): DeliveryAdapter {
  const set = override[channel];
  if (set) return set;
  if (channel === 'email' && env.SMTP_URL) return smtpAdapter(env.SMTP_URL, env.MAIL_FROM || 'no-reply@localhost');
  if (channel === 'sms' && env.SMS_GATEWAY_URL) return smsGatewayAdapter(env.SMS_GATEWAY_URL, env.SMS_GATEWAY_TOKEN ?? '');
  return outboxAdapter();
}

/** Which channels can really deliver (SMTP / gateway configured, or the dev outbox outside production). */
export function availableChannels(env = process.env): ('email' | 'mobile')[] {
  const dev = env.NODE_ENV !== 'production';
  const out: ('email' | 'mobile')[] = [];
  if (env.SMTP_URL || dev) out.push('email');
  if (env.SMS_GATEWAY_URL || dev) out.push('mobile');
  return out;
}

/** Tests replace an adapter (e.g. a failing gateway); `undefined` restores the environment's. */
export function setDeliveryAdapter(channel: OutgoingMessage['channel'], adapter: DeliveryAdapter | undefined): void {
  override = { ...override, [channel]: adapter };
}

/** Send one message through its channel's adapter. */
export function deliver(message: OutgoingMessage): Promise<void> {
  return adapterFor(message.channel).send(message);
}
