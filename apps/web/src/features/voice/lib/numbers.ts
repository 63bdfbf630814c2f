/** Portuguese number words (pt-PT and pt-BR spellings), accents already removed. */
const UNITS: Record<string, number> = {
  zero: 0,
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  treze: 13,
  catorze: 14,
  quatorze: 14,
  quinze: 15,
  dezasseis: 16,
  dezesseis: 16,
  dezaseis: 16,
  dezassete: 17,
  dezessete: 17,
  dezasete: 17,
  dezoito: 18,
  dezanove: 19,
  dezenove: 19,
};
const TENS: Record<string, number> = {
  vinte: 20,
  trinta: 30,
  quarenta: 40,
  cinquenta: 50,
  sessenta: 60,
  setenta: 70,
  oitenta: 80,
  noventa: 90,
};
const ORDINALS: Record<string, number> = {
  primeira: 1,
  primeiro: 1,
  segunda: 2,
  segundo: 2,
  terceira: 3,
  terceiro: 3,
  quarta: 4,
  quarto: 4,
  quinta: 5,
  quinto: 5,
  sexta: 6,
  sexto: 6,
  setima: 7,
  setimo: 7,
  oitava: 8,
  oitavo: 8,
  nona: 9,
  nono: 9,
  decima: 10,
  decimo: 10,
};

/**
 * Reads a number starting at `tokens[at]`: digits ("12", "12a" is not one), words ("cinco",
 * "dezassete", "vinte e um", "cem") or ordinals ("quinta"). Answers the value and how many tokens it
 * took, or null.
 */
export function readNumber(tokens: readonly string[], at: number): { value: number; length: number } | null {
  const first = tokens[at];
  if (first === undefined) return null;
  if (/^\d{1,4}$/.test(first)) return { value: Number(first), length: 1 };
  if (first in UNITS) return { value: UNITS[first]!, length: 1 };
  if (first in ORDINALS) return { value: ORDINALS[first]!, length: 1 };
  if (first === 'cem') return { value: 100, length: 1 };
  if (first in TENS) {
    const unit = tokens[at + 2];
    if (tokens[at + 1] === 'e' && unit !== undefined && unit in UNITS && UNITS[unit]! < 10)
      return { value: TENS[first]! + UNITS[unit]!, length: 3 };
    return { value: TENS[first]!, length: 1 };
  }
  return null;
}
