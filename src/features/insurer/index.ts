/** The insurer adapter (issue #9): the seam a real insurer's underwriting API plugs into. */
export {
  DEFAULT_INSURER,
  type InsurerAdapter,
  type InsurerMode,
  type InsurerSettings,
  insurerFor,
  insurerSettings,
  SANDBOX_REFUSE,
  sandboxInsurer,
  sandboxRefusing,
  setInsurerAdapter,
  type UnderwriteRequest,
  type UnderwriteResult,
} from './adapter';
