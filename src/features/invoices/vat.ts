/** Amount, tax and net of a VAT-inclusive amount at 6 % (fen, tax rounded half up). */
export function splitVat(amount: number): { net: number; tax: number } {
  const tax = Math.floor((amount * 6 * 2 + 106) / (106 * 2));
  return { net: amount - tax, tax };
}
