import { Space } from 'antd';
import { VoiceCommandBox } from './voice-command-box';
import { VoiceToggle } from './voice-toggle';
import { useVoiceRunner } from './use-voice-runner';

/**
 * The assistant in the navbar: the microphone toggle and the typed command box, one runner for
 * both, so a typed command is understood and answered exactly as the same phrase said aloud.
 */
export default function VoiceControls() {
  const runner = useVoiceRunner();
  return (
    <Space size={4}>
      <VoiceCommandBox runner={runner} />
      <VoiceToggle runner={runner} />
    </Space>
  );
}
