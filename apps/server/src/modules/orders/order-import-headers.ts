/**
 * Which order field a spreadsheet column holds, from its header as people write it: Portuguese or
 * English, any case, with or without accents, and the app's own labels ("ID da encomenda",
 * "Telefone do destinatário", "Package ID"...). Connecting words (de, da, do, of, the) are ignored.
 */
const SYNONYMS: Record<string, string[]> = {
  packageId: [
    'package id',
    'package',
    'parcel',
    'parcel id',
    'tracking',
    'tracking number',
    'encomenda',
    'id encomenda',
    'id da encomenda',
    'codigo encomenda',
    'codigo da encomenda',
    'numero da encomenda',
    'pacote',
    'id pacote',
  ],
  recipientPhone: [
    'recipient phone',
    'phone',
    'phone number',
    'mobile',
    'mobile phone',
    'telephone',
    'telefone',
    'telemovel',
    'telefone do destinatario',
    'telemovel do destinatario',
    'numero de telefone',
    'contacto',
    'contato',
  ],
  recipientNumber: [
    'recipient number',
    'reference',
    'partner reference',
    'customer reference',
    'ref',
    'referencia',
    'referencia do parceiro',
    'referencia parceiro',
    'referencia do cliente',
  ],
  recipientEmail: [
    'recipient email',
    'email',
    'e-mail',
    'mail',
    'correio eletronico',
    'email do destinatario',
  ],
  recipientName: [
    'recipient name',
    'name',
    'nome',
    'destinatario',
    'nome do destinatario',
    'cliente',
    'customer',
  ],
};

const FILLER = new Set(['de', 'da', 'do', 'dos', 'das', 'of', 'the']);

/** "Telefone do Destinatário" -> "telefonedestinatario": what two spellings of a header share. */
function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !FILLER.has(w))
    .join('');
}

const FIELD_BY_KEY = new Map(
  Object.entries(SYNONYMS).flatMap(([field, names]) => [
    [headerKey(field), field] as const,
    ...names.map((n) => [headerKey(n), field] as const),
  ]),
);

/** The order field of each header (null for a column the import does not know). */
export function fieldsOfHeaders(headers: readonly string[]): Array<string | null> {
  const seen = new Set<string>();
  return headers.map((h) => {
    const field = FIELD_BY_KEY.get(headerKey(h)) ?? null;
    // A second column for the same field is left out rather than overwriting the first.
    if (!field || seen.has(field)) return null;
    seen.add(field);
    return field;
  });
}
