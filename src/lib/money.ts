/** Money is integer fen everywhere; the API and pages show it as a decimal yuan string. */

/** Integer fen → decimal yuan string ("12.50"), without floating-point rounding. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
