import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Badge, Button, Tooltip } from 'antd';
import { AudioMutedOutlined, AudioOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { say } from '@/lib/feedback';
import { parseVoiceCommand } from '../lib/parse-command';
import { recognitionClass, speak, VOICE_LANG, type SpeechRecognitionLike } from '../lib/speech';
import { SPOKEN } from '../lib/spoken';
import type { VoiceRunner } from './use-voice-runner';

/** Navbar toggle between active (listening, pt-PT) and stopped; each final phrase runs a command. */
export function VoiceToggle({ runner }: { runner: VoiceRunner }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [active, setActive] = useState(false);
  const activeRef = useRef(false);
  const busyRef = useRef(false);
  const recognitionRef = useRef<SpeechRecognitionLike | null>(null);
  const runnerRef = useRef(runner);
  useEffect(() => {
    runnerRef.current = runner;
  }, [runner]);
  const supported = recognitionClass() !== null;

  const stop = useCallback((say = true) => {
    activeRef.current = false;
    setActive(false);
    recognitionRef.current?.abort();
    recognitionRef.current = null;
    if (say) speak(SPOKEN.stopped);
  }, []);

  const start = useCallback(() => {
    const Recognition = recognitionClass();
    if (!Recognition) return;
    const recognition = new Recognition();
    recognition.lang = VOICE_LANG;
    recognition.continuous = true;
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    recognition.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i]!;
        const transcript = result[0]?.transcript ?? '';
        if (!result.isFinal || !transcript.trim()) continue;
        // While a command waits for its confirmation, "sim" / "não" answer it; other phrases are
        // dropped, one command at a time.
        if (runnerRef.current.answer(transcript) || busyRef.current) continue;
        busyRef.current = true;
        void runnerRef.current.run(parseVoiceCommand(transcript)).finally(() => {
          busyRef.current = false;
        });
      }
    };
    recognition.onerror = (event) => {
      if (event.error === 'not-allowed' || event.error === 'service-not-allowed') {
        stop(false);
        // The browser's microphone, not a request: said here, through lib/feedback.
        say('error', t('voice.notice.denied'));
      }
    };
    // Browsers end recognition after a silence; keep listening while the toggle says active.
    recognition.onend = () => {
      if (activeRef.current && recognitionRef.current === recognition) {
        try {
          recognition.start();
        } catch {
          stop(false);
        }
      }
    };
    recognitionRef.current = recognition;
    activeRef.current = true;
    setActive(true);
    try {
      recognition.start();
      speak(SPOKEN.activated);
    } catch {
      stop(false);
      say('error', t('voice.notice.startError'));
    }
  }, [stop, t]);

  useEffect(() => () => stop(false), [stop]);

  const toggle = () => {
    if (!supported) {
      modal.info({ title: t('voice.notice.unsupportedTitle'), content: t('voice.notice.unsupported') });
      return;
    }
    if (active) stop();
    else start();
  };

  const label = !supported
    ? t('voice.toggle.unsupported')
    : active
      ? t('voice.toggle.active')
      : t('voice.toggle.stopped');
  return (
    <Tooltip title={label}>
      <Badge dot={active} color="green" offset={[-6, 6]}>
        <Button
          type={active ? 'primary' : 'text'}
          shape="circle"
          icon={active ? <AudioOutlined /> : <AudioMutedOutlined />}
          aria-label={label}
          aria-pressed={active}
          onClick={toggle}
          data-testid="voice-toggle"
          data-state={!supported ? 'unsupported' : active ? 'active' : 'stopped'}
        />
      </Badge>
    </Tooltip>
  );
}
