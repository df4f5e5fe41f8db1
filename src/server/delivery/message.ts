/** A message to one person, by e-mail or SMS; what every delivery adapter takes. */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** E-mail address or mobile number. */
  to: string;
  /** Why it is sent, e.g. `user_register`. */
  event: string;
  subject: string;
  text: string;
  /** The verification code it carries, when it carries one (the dev outbox shows it). */
  code?: string;
}

/** Sends messages of one channel. Real gateways and the dev outbox implement the same interface. */
export interface DeliveryAdapter {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}
