import { describe, expect, it } from 'vitest';
import { readNumber } from './numbers';
import { normalizeWord, parseConfirmation, parseVoiceCommand as parse } from './parse-command';

describe('open door N', () => {
  it.each([
    ['abre a porta cinco', 5],
    ['abrir porta 12', 12],
    ['Abre a PORTA CINCO!', 5],
    ['abra a porta um', 1],
    ['abre a porta uma', 1],
    ['abrir a porta dezoito', 18],
    ['abre a porta dezassete', 17],
    ['abre a porta dezessete', 17],
    ['abre a porta catorze', 14],
    ['abre a porta quatorze', 14],
    ['abre a porta três', 3],
    ['abre a porta tres', 3],
    ['abre a porta 5 por favor', 5],
    ['por favor, abre a porta número dez', 10],
    ['abre-me a porta nº 3', 3],
    ['abra a porta n.º 4', 4],
    ['abrir porta5', 5],
    ['abre o cacifo 7', 7],
    ['abre a quinta porta', 5],
    ['olá assistente, podes abrir a porta oito, se faz favor', 8],
    ['abrir a porta dezasseis', 16],
    ['porta nove', 9],
    ['Porta 2', 2],
    ['abre a porta dois já', 2],
  ])('"%s" -> door %i', (text, door) => {
    expect(parse(text)).toEqual({ kind: 'openDoor', door });
  });

  it.each([
    ['abre a porta vinte', 20],
    ['abrir porta 19', 19],
    ['abrir porta 0', 0],
    ['abre a porta zero', 0],
    ['abre a porta vinte e um', 21],
    ['abre a porta cem', 100],
    ['abrir porta 250', 250],
  ])('"%s" is out of range (%i)', (text, door) => {
    expect(parse(text)).toEqual({ kind: 'doorOutOfRange', door });
  });

  it('asks for the number when there is none', () => {
    expect(parse('abre a porta')).toEqual({ kind: 'doorOutOfRange', door: null });
    expect(parse('abrir o cacifo por favor')).toEqual({ kind: 'doorOutOfRange', door: null });
    expect(parse('abre uma porta')).toEqual({ kind: 'doorOutOfRange', door: null });
  });
});

describe('modes', () => {
  it.each([
    'modo de limpeza',
    'ativar o modo limpeza',
    'Modo de Limpeza, por favor',
    'limpeza',
    'abrir os cacifos livres',
    'abre todas as portas livres',
    'vamos limpar os cacifos',
  ])('"%s" -> cleaning', (text) => {
    expect(parse(text)).toEqual({ kind: 'cleaningMode' });
  });

  it.each([
    'modo de emergência',
    'modo de emergencia',
    'EMERGÊNCIA!',
    'ativa a emergência',
    'abrir todas as portas',
    'abre todos os cacifos',
    'abre a porta de emergência',
  ])('"%s" -> emergency', (text) => {
    expect(parse(text)).toEqual({ kind: 'emergencyMode' });
  });
});

describe('users', () => {
  it.each([
    'exportar utilizadores',
    'exporta os utilizadores',
    'Exportação de utilizadores',
    'exportar a lista de utilizadores',
    'exportar',
    'descarregar utilizadores',
  ])('"%s" -> export', (text) => {
    expect(parse(text)).toEqual({ kind: 'exportUsers' });
  });

  it.each([
    'lista de utilizadores',
    'listar utilizadores',
    'mostrar utilizadores',
    'mostra todos os utilizadores',
    'utilizadores',
    'ver os utilizadores',
    'lista os usuários',
    'pesquisar utilizadores',
    'quais são os utilizadores',
  ])('"%s" -> user list', (text) => {
    expect(parse(text)).toEqual({ kind: 'listUsers' });
  });

  it.each([
    ['procura o utilizador João Silva', 'João Silva'],
    ['procurar utilizador Maria', 'Maria'],
    ['pesquisa a Ana Costa por favor', 'Ana Costa'],
    ['encontra o utilizador chamado Rui', 'Rui'],
    ['utilizador Pedro Santos', 'Pedro Santos'],
    ['mostra o utilizador Inês', 'Inês'],
    ['quem é a Sofia', 'Sofia'],
    ['procura pelo nome Tiago', 'Tiago'],
    ['buscar usuário Carla', 'Carla'],
  ])('"%s" -> find "%s"', (text, name) => {
    expect(parse(text)).toEqual({ kind: 'findUser', name });
  });
});

describe('unknown', () => {
  it.each(['', '   ', 'olá, bom dia', 'cinco', 'que horas são', 'fecha a janela', 'abre'])(
    '"%s" is unknown',
    (text) => {
      expect(parse(text)).toEqual({ kind: 'unknown', text: text.trim() });
    },
  );
});

describe('helpers', () => {
  it('normalizes accents, case and punctuation', () => {
    expect(normalizeWord('Emergência!')).toBe('emergencia');
    expect(normalizeWord('Três')).toBe('tres');
    expect(normalizeWord('Nº')).toBe('n');
  });
  it('reads number words and digits', () => {
    expect(readNumber(['vinte', 'e', 'tres'], 0)).toEqual({ value: 23, length: 3 });
    expect(readNumber(['vinte', 'e', 'dez'], 0)).toEqual({ value: 20, length: 1 });
    expect(readNumber(['dezanove'], 0)).toEqual({ value: 19, length: 1 });
    expect(readNumber(['12'], 0)).toEqual({ value: 12, length: 1 });
    expect(readNumber(['porta'], 0)).toBeNull();
    expect(readNumber([], 0)).toBeNull();
  });
});

describe('spoken answers to a confirmation', () => {
  it.each(['sim', 'Sim!', 'confirmo', 'sim, confirmar', 'ok', 'claro que sim', 'pode avançar'])(
    '"%s" is yes',
    (t) => {
      expect(parseConfirmation(t)).toBe(true);
    },
  );
  it.each(['não', 'nao', 'cancela', 'não, cancelar', 'sim... não', 'esquece'])('"%s" is no', (t) => {
    expect(parseConfirmation(t)).toBe(false);
  });
  it.each(['', 'talvez', 'abre a porta seis', 'a porta cinco'])('"%s" is no answer', (t) => {
    expect(parseConfirmation(t)).toBeNull();
  });
});
