import type { DeliveryAdapter } from './message';

/**
 * An HTTP SMS gateway: POSTs `{to, template, text, code}` as JSON to `SMS_GATEWAY_URL` with the
 * bearer `SMS_GATEWAY_TOKEN`. Providers differ; this is the shape a small relay in front of one
 * takes. A non-2xx answer is an error (the caller answers 'Server exception').
 */
export function smsGatewayAdapter(url: string, token: string, fetcher: typeof fetch = fetch): DeliveryAdapter {
  return {
    name: 'sms-gateway',
    async send(message) {
      const res = await fetcher(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ to: message.to, template: message.event, text: message.text, code: message.code }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
