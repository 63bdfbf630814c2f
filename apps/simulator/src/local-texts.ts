import { LOCAL_API_LANGUAGES, type LocalApiLanguage, type LocalRefusal } from '@cacifo/contract';

type Texts = Record<LocalRefusal | 'opened' | 'openedMany', string>;

/** What the wall says, in the kiosk's languages; `{doors}` is the door list. */
const TEXTS: Record<LocalApiLanguage, Texts> = {
  pt: {
    opened: 'Porta {doors} aberta.',
    openedMany: 'Portas {doors} abertas.',
    unknownCode: 'Código desconhecido.',
    notNow: 'Este código não é válido agora.',
    used: 'Este código já foi usado.',
    unknownParcel: 'Esta encomenda não é esperada aqui.',
    noFreeDoor: 'Não há cacifo livre do tamanho da encomenda.',
    doorFailed: 'A porta não abriu. Peça ajuda.',
    choose: 'Escolha o que quer abrir.',
    tooManyAttempts: 'Demasiadas tentativas. Tente mais tarde.',
    noCredentials: 'O cacifo ainda não recebeu os códigos. Tente mais tarde.',
    badRequest: 'Pedido inválido.',
  },
  en: {
    opened: 'Door {doors} is open.',
    openedMany: 'Doors {doors} are open.',
    unknownCode: 'Unknown code.',
    notNow: 'This code is not valid now.',
    used: 'This code was already used.',
    unknownParcel: 'This parcel is not expected here.',
    noFreeDoor: 'No free locker of the parcel size.',
    doorFailed: 'The door did not open. Please ask for help.',
    choose: 'Choose what to open.',
    tooManyAttempts: 'Too many attempts. Try again later.',
    noCredentials: 'The wall has not received its codes yet. Try again later.',
    badRequest: 'Invalid request.',
  },
  es: {
    opened: 'Puerta {doors} abierta.',
    openedMany: 'Puertas {doors} abiertas.',
    unknownCode: 'Código desconocido.',
    notNow: 'Este código no es válido ahora.',
    used: 'Este código ya se usó.',
    unknownParcel: 'Este paquete no se espera aquí.',
    noFreeDoor: 'No hay taquilla libre del tamaño del paquete.',
    doorFailed: 'La puerta no se abrió. Pida ayuda.',
    choose: 'Elija qué abrir.',
    tooManyAttempts: 'Demasiados intentos. Inténtelo más tarde.',
    noCredentials: 'La taquilla aún no ha recibido los códigos. Inténtelo más tarde.',
    badRequest: 'Solicitud no válida.',
  },
  fr: {
    opened: 'Porte {doors} ouverte.',
    openedMany: 'Portes {doors} ouvertes.',
    unknownCode: 'Code inconnu.',
    notNow: "Ce code n'est pas valable maintenant.",
    used: 'Ce code a déjà été utilisé.',
    unknownParcel: "Ce colis n'est pas attendu ici.",
    noFreeDoor: 'Aucun casier libre de la taille du colis.',
    doorFailed: "La porte ne s'est pas ouverte. Demandez de l'aide.",
    choose: 'Choisissez ce que vous voulez ouvrir.',
    tooManyAttempts: 'Trop de tentatives. Réessayez plus tard.',
    noCredentials: "Le casier n'a pas encore reçu les codes. Réessayez plus tard.",
    badRequest: 'Requête invalide.',
  },
};

export function localText(lang: LocalApiLanguage, key: keyof Texts, doors: readonly number[] = []): string {
  return TEXTS[lang][key].replace('{doors}', doors.join(', '));
}

/** `lang` of the body, else the first known language of Accept-Language, else Portuguese. */
export function pickLanguage(
  asked: string | undefined,
  acceptLanguage: string | undefined,
): LocalApiLanguage {
  const known = (l: string | undefined) =>
    LOCAL_API_LANGUAGES.find((k) => l?.toLowerCase().startsWith(k)) ?? null;
  if (known(asked)) return known(asked)!;
  for (const part of acceptLanguage?.split(',') ?? []) {
    const k = known(part.trim());
    if (k) return k;
  }
  return 'pt';
}
