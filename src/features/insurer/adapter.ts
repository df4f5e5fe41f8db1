/**
 * The insurer seam: `underwrite(order) → {accepted, policy_no | reason}` is all the portal asks of
 * an insurer. A real insurer's API implements InsurerAdapter; the sandbox stands in for one in
 * development, demos and tests. `insurer.mode = manual` means no adapter: operators decide every
 * order on the underwriting page.
 */
import type { Db } from '~/server/db/client';
import { getConfigValue } from '~/server/site-config';

/** What the insurer is told about an order. Money in fen. */
export interface UnderwriteRequest {
  orderNo: string;
  product: string;
  planName: string;
  holderName: string;
  creditCode: string;
  premium: number;
  insuredCount: number;
  startDate: string;
  endDate: string;
}

/** The insurer's answer: accepted (with its policy number, when it issues one) or refused with a reason. */
export type UnderwriteResult = { accepted: true; policyNo?: string } | { accepted: false; reason: string };

export interface InsurerAdapter {
  readonly name: string;
  underwrite(request: UnderwriteRequest): Promise<UnderwriteResult>;
}

/** `sandbox` answers by itself after a delay; `manual` leaves every order to operators. */
export type InsurerMode = 'sandbox' | 'manual';

export interface InsurerSettings {
  mode: InsurerMode;
  /** Seconds the sandbox waits after payment before answering (0: at once, as in tests). */
  underwriteDelaySeconds: number;
}

/** Default when the site config has no `insurer` key: the sandbox, answering after 3 seconds. */
export const DEFAULT_INSURER: InsurerSettings = { mode: 'sandbox', underwriteDelaySeconds: 3 };

/** The policyholder-name marker that makes the sandbox refuse (to try refusals by hand). */
export const SANDBOX_REFUSE = 'SANDBOX-REFUSE';

/** The sandbox insurer: accepts every order unless the policyholder's name contains SANDBOX-REFUSE. */
export const sandboxInsurer: InsurerAdapter = {
  name: 'sandbox',
  async underwrite(request) {
    if (request.holderName.toUpperCase().includes(SANDBOX_REFUSE))
      return { accepted: false, reason: 'Sandbox: refused on request (SANDBOX-REFUSE)' };
    return { accepted: true };
  },
};

let override: InsurerAdapter | null = null;

/** Plug in another adapter (a real insurer's API, or a test double); null restores the sandbox. */
export function setInsurerAdapter(adapter: InsurerAdapter | null): void {
  override = adapter;
}

/**
 * The insurer settings: site config key `insurer` ({mode, underwriteDelaySeconds}), overridden by
 * INSURER_MODE / INSURER_UNDERWRITE_DELAY in the environment.
 */
export async function insurerSettings(db: Db, env: Record<string, string | undefined> = process.env): Promise<InsurerSettings> {
  const stored = (await getConfigValue(db, 'insurer')) as Partial<InsurerSettings> | undefined;
  const mode = env.INSURER_MODE || stored?.mode;
  const delay = env.INSURER_UNDERWRITE_DELAY ?? stored?.underwriteDelaySeconds;
  return {
    mode: mode === 'manual' ? 'manual' : 'sandbox',
    underwriteDelaySeconds:
      Number.isFinite(Number(delay)) && delay !== '' && delay !== undefined
        ? Math.max(0, Math.min(3600, Number(delay)))
        : DEFAULT_INSURER.underwriteDelaySeconds,
  };
}

/** The adapter that decides orders by itself, or null in manual mode. */
export function insurerFor(settings: InsurerSettings): InsurerAdapter | null {
  if (settings.mode === 'manual') return null;
  return override ?? sandboxInsurer;
}
