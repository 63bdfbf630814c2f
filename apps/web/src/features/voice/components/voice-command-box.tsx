import { useRef, useState, type FormEvent } from 'react';
import { Button, Input, Popover, Space, Tooltip, Typography, type InputRef } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { parseVoiceCommand } from '../lib/parse-command';
import type { VoiceReply, VoiceRunner } from './use-voice-runner';

/**
 * The way in without a microphone (issue #26): a command typed here goes through the same parser
 * and runner as a spoken one, with the same confirmations, toasts and spoken reply; the reply is
 * also written under the box, in a live region a screen reader reads out.
 */
export function VoiceCommandBox({ runner }: { runner: VoiceRunner }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<VoiceReply | null>(null);
  const input = useRef<InputRef>(null);
  const opener = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const phrase = text.trim();
    if (!phrase || busy) return;
    setBusy(true);
    try {
      setReply(await runner.run(parseVoiceCommand(phrase)));
      setText('');
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  const content = (
    <form
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
      style={{ width: 320 }}
      data-testid="voice-command-form"
    >
      <label htmlFor="voice-command-input">
        <Typography.Text strong>{t('voice.typed.label')}</Typography.Text>
      </label>
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Input
          id="voice-command-input"
          ref={input}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('voice.typed.placeholder')}
          aria-describedby="voice-command-help"
          autoComplete="off"
          maxLength={200}
          data-testid="voice-command-input"
        />
        <Button type="primary" htmlType="submit" loading={busy} data-testid="voice-command-run">
          {t('voice.typed.run')}
        </Button>
      </Space.Compact>
      <Typography.Paragraph id="voice-command-help" type="secondary" style={{ margin: '8px 0 0' }}>
        {t('voice.typed.help')}
      </Typography.Paragraph>
      <div role="status" aria-live="polite" data-testid="voice-command-reply">
        {reply && (
          <Typography.Text type={reply.ok ? 'success' : 'danger'} data-ok={reply.ok}>
            {reply.text}
          </Typography.Text>
        )}
      </div>
    </form>
  );

  return (
    <Popover
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      trigger="click"
      placement="bottomRight"
      content={content}
      afterOpenChange={(visible) => {
        if (visible) input.current?.focus();
      }}
    >
      <Tooltip title={open ? undefined : t('voice.typed.open')}>
        <Button
          ref={opener}
          type="text"
          shape="circle"
          icon={<MessageOutlined />}
          aria-label={t('voice.typed.open')}
          aria-expanded={open}
          aria-haspopup="dialog"
          data-testid="voice-command-open"
        />
      </Tooltip>
    </Popover>
  );
}
