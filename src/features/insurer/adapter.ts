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
  /** The policyholder-name marker that makes the sandbox refuse. */
  refuseMarker: string;
}

/** The policyholder-name marker that makes the sandbox refuse (to try refusals by hand), by default. */
export const SANDBOX_REFUSE = 'SANDBOX-REFUSE';

/** Default when the site config has no `insurer` key: the sandbox, answering after 3 seconds. */
export const DEFAULT_INSURER: InsurerSettings = { mode: 'sandbox', underwriteDelaySeconds: 3, refuseMarker: SANDBOX_REFUSE };

/** A sandbox insurer: accepts every order unless the policyholder's name contains `marker`. */
export function sandboxRefusing(marker: string): InsurerAdapter {
  const wanted = marker.toUpperCase();
  return {
    name: 'sandbox',
    async underwrite(request) {
      if (wanted && request.holderName.toUpperCase().includes(wanted))
        return { accepted: false, reason: `Sandbox: refused on request (${marker})` };
      return { accepted: true };
    },
  };
}

/** The sandbox insurer with the default marker SANDBOX-REFUSE. */
export const sandboxInsurer: InsurerAdapter = sandboxRefusing(SANDBOX_REFUSE);

let override: InsurerAdapter | null = null;

/** Plug in another adapter (a real insurer's API, or a test double); null restores the sandbox. */
export function setInsurerAdapter(adapter: InsurerAdapter | null): void {
  override = adapter;
}

/**
 * The insurer settings: site config key `insurer` ({mode, underwriteDelaySeconds, refuseMarker}),
 * which operators edit on the settings page (`operator/settings`, live on every instance at the
 * next request). INSURER_MODE / INSURER_UNDERWRITE_DELAY in the environment only fill in what
 * the site config does not hold.
 */
export async function insurerSettings(db: Db, env: Record<string, string | undefined> = process.env): Promise<InsurerSettings> {
  const stored = (await getConfigValue(db, 'insurer')) as Partial<InsurerSettings> | undefined;
  const mode = stored?.mode ?? env.INSURER_MODE;
  const delay = stored?.underwriteDelaySeconds ?? env.INSURER_UNDERWRITE_DELAY;
  const marker = typeof stored?.refuseMarker === 'string' && stored.refuseMarker.trim() ? stored.refuseMarker.trim() : SANDBOX_REFUSE;
  return {
    mode: mode === 'manual' ? 'manual' : 'sandbox',
    underwriteDelaySeconds:
      Number.isFinite(Number(delay)) && delay !== '' && delay !== undefined
        ? Math.max(0, Math.min(3600, Number(delay)))
        : DEFAULT_INSURER.underwriteDelaySeconds,
    refuseMarker: marker,
  };
}

/** The adapter that decides orders by itself, or null in manual mode. */
export function insurerFor(settings: InsurerSettings): InsurerAdapter | null {
  if (settings.mode === 'manual') return null;
  return override ?? (settings.refuseMarker === SANDBOX_REFUSE ? sandboxInsurer : sandboxRefusing(settings.refuseMarker));
}
