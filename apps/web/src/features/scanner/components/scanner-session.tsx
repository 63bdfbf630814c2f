import { useCallback, useState } from 'react';
import { App, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import { say } from '@/lib/feedback';
import { useHealth } from '@/lib/health';
import { useSession } from '@/lib/session';
import { lookupOrder } from '../api/scan-order';
import { decideScan, depositPath, scannerVersionOf, type ScanKind } from '../lib/scan-flow';
import { RegistrationModal } from './registration-modal';
import { ScannerOverlay } from './scanner-overlay';

type Step =
  { name: 'scanning' } | { name: 'looking' } | { name: 'asking' } | { name: 'register'; packageId: string };

/**
 * One scanner session (SPEC §4 scanner flow): camera until a code is read, the order lookup, the
 * "register it?" question and the registration form, then the deposit dialog on the orders pages.
 * Loaded on demand, so the camera and decoder libraries cost nothing to other screens.
 */
export default function ScannerSession({ kind, onClose }: { kind: ScanKind; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const session = useSession();
  const version = scannerVersionOf(useHealth().data?.features);
  const canViewOrders = session ? can(session.userRole, 'orders.view', session.modules) : false;
  const [step, setStep] = useState<Step>({ name: 'scanning' });

  /**
   * Lookup and decision; `afterRegister` is the re-fetch after a successful save (step 5). What a
   * read found is not a mutation's outcome: it is said here, through lib/feedback.
   */
  const handle = useCallback(
    async (packageId: string, afterRegister = false) => {
      setStep({ name: 'looking' });
      const decision = decideScan(version, packageId, await lookupOrder(packageId));
      switch (decision.action) {
        case 'deposit':
          onClose();
          void navigate(depositPath(decision.order, canViewOrders));
          return;
        case 'notDepositable':
          say('error', t(`orderStage.${decision.stage}`));
          onClose();
          if (decision.openDialog && decision.order)
            void navigate(depositPath(decision.order, canViewOrders));
          return;
        case 'askRegister':
          if (afterRegister) break;
          setStep({ name: 'asking' });
          modal.confirm({
            title: t('scanner.messages.notRegistered', { packageId }),
            content: t('scanner.messages.registerPrompt'),
            okText: t('scanner.register.confirm'),
            cancelText: t('scanner.cancel'),
            okButtonProps: { 'data-testid': 'scanner-register-confirm' } as never,
            onOk: () => setStep({ name: 'register', packageId }),
            onCancel: onClose,
          });
          return;
        case 'notRegistrable':
          say('warning', t('scanner.messages.notRegistrable', { packageId }), 6);
          onClose();
          return;
        default:
          break;
      }
      say('error', t('scanner.messages.fetchError'));
      onClose();
    },
    [version, canViewOrders, modal, navigate, onClose, t],
  );

  if (step.name === 'scanning')
    return <ScannerOverlay kind={kind} onCancel={onClose} onResult={(text) => void handle(text)} />;
  if (step.name === 'asking') return null;
  if (step.name === 'looking')
    return (
      <div className="scanner-overlay" data-testid="scanner-looking">
        <Spin size="large" />
      </div>
    );
  return (
    <RegistrationModal
      version={version}
      packageId={step.packageId}
      onCancel={onClose}
      onSaved={(packageId) => void handle(packageId, true)}
    />
  );
}
