import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProfileTabs } from './profile-tabs';

/** Own profile from the user menu, over /admins or /employees (SPEC §2). */
export function ProfileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('admins.profile.title')}
      size={460}
      data-testid="profile-drawer"
    >
      <ProfileTabs active={open} />
    </Drawer>
  );
}
