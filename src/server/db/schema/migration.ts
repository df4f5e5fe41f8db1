/**
 * One schema change. `up` is portable SQL, one statement per entry, where `{{id}}` becomes the
 * engine's auto-increment primary key. A per-engine list (`sqlite` / `postgres`) replaces `up`
 * for that engine when the SQL cannot be shared.
 */
export interface Migration {
  version: number;
  name: string;
  up?: string[];
  sqlite?: string[];
  postgres?: string[];
}
