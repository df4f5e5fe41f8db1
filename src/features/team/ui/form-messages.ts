/**
 * The message tables the team's client forms look their schema keys up in: `validate.*` from the
 * common texts and, for the forms, `team.*` from the area's API messages (the forms show the same
 * texts as the API).
 */
import messagesTable from '../messages';
import type { Translator } from '~/lib/i18n';

/** `validate.<key>` → text, for the given keys. */
export function validateMessages(common: Translator, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [`validate.${k}`, common(['validate', k])]));
}

/** `validate.<key>` for the given keys and every `team.<key>` of the API messages. */
export function formMessages(common: Translator, keys: readonly string[]): Record<string, string> {
  const team = messagesTable[common.locale].team as Record<string, string>;
  return { ...validateMessages(common, keys), ...Object.fromEntries(Object.entries(team).map(([k, v]) => [`team.${k}`, v])) };
}
