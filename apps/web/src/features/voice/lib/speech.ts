/** The slice of the Web Speech API the assistant uses (lib.dom has no SpeechRecognition types). */
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  stop(): void;
  abort(): void;
  onresult:
    | ((event: {
        resultIndex: number;
        results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;
      }) => void)
    | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}
type RecognitionClass = new () => SpeechRecognitionLike;

export const VOICE_LANG = 'pt-PT';

/** The browser's recognition class (Chrome and Edge ship it prefixed), or null. */
export function recognitionClass(): RecognitionClass | null {
  const w = globalThis as {
    SpeechRecognition?: RecognitionClass;
    webkitSpeechRecognition?: RecognitionClass;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** Says `text` in European Portuguese; silent where speech synthesis is missing. */
export function speak(text: string): void {
  const synth = (globalThis as { speechSynthesis?: SpeechSynthesis }).speechSynthesis;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = VOICE_LANG;
  const voice = synth.getVoices().find((v) => v.lang === VOICE_LANG);
  if (voice) utterance.voice = voice;
  synth.cancel();
  synth.speak(utterance);
}
