import { readNumber } from './numbers';

/** SPEC §5, §9: the voice "open door" command accepts doors 1 to 18 only. */
const VOICE_DOOR_MIN = 1;
const VOICE_DOOR_MAX = 18;

export type VoiceCommand =
  | { kind: 'cleaningMode' }
  | { kind: 'emergencyMode' }
  | { kind: 'exportUsers' }
  | { kind: 'openDoor'; door: number }
  /** "Open door" with a number outside 1 to 18, or with no number at all (door null). */
  | { kind: 'doorOutOfRange'; door: number | null }
  | { kind: 'findUser'; name: string }
  | { kind: 'listUsers' }
  | { kind: 'unknown'; text: string };

/** Lower case, no accents, no punctuation; digits split from letters ("porta5" -> "porta 5"). */
export function normalizeWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function tokenize(text: string): { original: string[]; norm: string[] } {
  const original = text
    .replace(/\bn\.?\s?º/gi, ' ')
    .replace(/([A-Za-zÀ-ÿ])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-zÀ-ÿ])/g, '$1 $2')
    .split(/[\s,.;:!?¿¡"'«»()/-]+/)
    .filter((w) => normalizeWord(w) !== '');
  return { original, norm: original.map(normalizeWord) };
}

const OPEN = new Set([
  'abre',
  'abrir',
  'abra',
  'abram',
  'abri',
  'abrem',
  'abreme',
  'abrirem',
  'destranca',
  'destrancar',
]);
const DOOR = new Set(['porta', 'cacifo', 'locker', 'compartimento']);
const DOORS = new Set(['portas', 'cacifos', 'lockers', 'compartimentos']);
const ALL = new Set(['todas', 'todos', 'tudo']);
const EMERGENCY = new Set(['emergencia', 'emergencias', 'evacuacao', 'evacuar']);
const CLEANING = new Set(['limpeza', 'limpar', 'limpezas']);
const FREE = new Set(['livres', 'livre', 'vazios', 'vazias', 'desocupados', 'desocupadas']);
const USER = new Set([
  'utilizador',
  'utilizadora',
  'usuario',
  'usuaria',
  'utente',
  'funcionario',
  'funcionaria',
]);
const USERS = new Set([
  'utilizadores',
  'utilizadoras',
  'usuarios',
  'usuarias',
  'utentes',
  'funcionarios',
  'pessoas',
]);
const LIST = new Set(['lista', 'listar', 'lista-me', 'listagem', 'liste', 'listem']);
const FIND = new Set([
  'procura',
  'procurar',
  'procure',
  'pesquisa',
  'pesquisar',
  'pesquise',
  'encontra',
  'encontrar',
  'encontre',
  'busca',
  'buscar',
  'busque',
  'localiza',
  'localizar',
  'localize',
]);
const SHOW = new Set(['mostra', 'mostrar', 'mostre', 'ver', 've', 'abre', 'abrir', 'quais', 'quem']);
/** Words that may stand between the command and the name ("procura o utilizador chamado ..."). */
const NAME_LEAD = new Set([
  'o',
  'a',
  'os',
  'as',
  'e',
  'pelo',
  'pela',
  'por',
  'de',
  'do',
  'da',
  'chamado',
  'chamada',
  'com',
  'nome',
  'que',
  'se',
  'chama',
  'me',
]);
const FILLER_TAIL = new Set(['por', 'favor', 'obrigado', 'obrigada', 'agora', 'ja', 'se', 'faz']);

const isExport = (w: string) =>
  w.startsWith('export') || w === 'descarregar' || w === 'descarrega' || w === 'transferir';

/** Everything the speaker said after position `from`, minus leading connectors and polite endings. */
function nameAfter(original: string[], norm: string[], from: number): string {
  let start = from;
  while (start < norm.length && (NAME_LEAD.has(norm[start]!) || USER.has(norm[start]!))) start++;
  let end = norm.length;
  while (end > start && FILLER_TAIL.has(norm[end - 1]!)) end--;
  return original.slice(start, end).join(' ').trim();
}

/**
 * Turns one Portuguese utterance into a command: a pure function, so every phrasing is unit-tested.
 * Understands digits and number words ("abre a porta cinco", "abrir porta 12", "vinte e um"),
 * accents or none, polite and filler words; anything else is `unknown`.
 */
export function parseVoiceCommand(text: string): VoiceCommand {
  const { original, norm } = tokenize(text);
  const has = (set: Set<string>) => norm.some((w) => set.has(w));
  const indexOf = (set: Set<string>) => norm.findIndex((w) => set.has(w));

  if (has(EMERGENCY)) return { kind: 'emergencyMode' };
  if (has(CLEANING) || (has(OPEN) && has(FREE))) return { kind: 'cleaningMode' };

  // "abre a porta cinco": a single door and the first number after the word.
  const doorAt = indexOf(DOOR);
  if (doorAt >= 0 && !has(ALL)) {
    let number: number | null = null;
    for (let i = doorAt + 1; i < norm.length && number === null; i++)
      number = readNumber(norm, i)?.value ?? null;
    // "abre a quinta porta": an ordinal just before the word.
    // ("uma porta" is an article, not door 1.)
    if (number === null && doorAt > 0 && !['um', 'uma'].includes(norm[doorAt - 1]!))
      number = readNumber(norm, doorAt - 1)?.value ?? null;
    const onlyDoor = norm.length <= 3 && number !== null;
    if (has(OPEN) || onlyDoor) {
      if (number !== null && number >= VOICE_DOOR_MIN && number <= VOICE_DOOR_MAX)
        return { kind: 'openDoor', door: number };
      return { kind: 'doorOutOfRange', door: number };
    }
  }

  if (has(OPEN) && has(ALL) && (has(DOORS) || has(DOOR))) return { kind: 'emergencyMode' };
  if (norm.some(isExport)) return { kind: 'exportUsers' };

  const findAt = indexOf(FIND);
  if (findAt >= 0) {
    const name = nameAfter(original, norm, findAt + 1);
    if (name && !USERS.has(normalizeWord(name))) return { kind: 'findUser', name };
    if (has(USERS)) return { kind: 'listUsers' };
  }
  if (has(USERS) && (has(LIST) || has(SHOW) || has(ALL) || norm.length <= 3)) return { kind: 'listUsers' };
  if (has(LIST) && has(USER)) return { kind: 'listUsers' };
  const userAt = indexOf(USER);
  if (userAt >= 0) {
    const name = nameAfter(original, norm, userAt + 1);
    if (name) return { kind: 'findUser', name };
  }
  if (norm[0] === 'quem' && norm[1] === 'e') {
    const name = nameAfter(original, norm, 2);
    if (name) return { kind: 'findUser', name };
  }
  return { kind: 'unknown', text: text.trim() };
}

const YES = new Set([
  'sim',
  'confirmo',
  'confirmar',
  'confirma',
  'confirme',
  'ok',
  'okay',
  'avanca',
  'avancar',
  'claro',
  'afirmativo',
]);
const NO = new Set([
  'nao',
  'cancela',
  'cancelar',
  'cancelo',
  'cancele',
  'negativo',
  'esquece',
  'esquecer',
  'para',
  'parar',
]);

/**
 * The answer to an open confirmation, said aloud: true (yes), false (no) or null (not an answer).
 * A "no" anywhere wins, so "não, cancela" or "sim... não" never opens a door.
 */
export function parseConfirmation(text: string): boolean | null {
  const { norm } = tokenize(text);
  if (norm.some((w) => NO.has(w))) return false;
  if (norm.some((w) => YES.has(w))) return true;
  return null;
}
