import { Col } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LockerUser } from '@cacifo/contract/schemas/office';
import { useUserGroups } from '../api/get-user-groups';
import { useAuthorizeGroups } from '../api/link-user-groups';
import { useLinkLockers } from '../api/link-user-lockers';
import { useLinkSchedules } from '../api/link-user-schedules';
import { useOfficeLockers } from '../api/get-office-lockers';
import { useSchedules } from '../api/get-schedules';
import { LinkCard } from './link-card';

/** The user's lockers, groups and schedules, each a card that links or unlinks them (three columns of a Row). */
export function UserLinks({ user: u, canManage }: { user: LockerUser; canManage: boolean }) {
  const { t } = useTranslation();
  const id = u.id;
  const lockers = useOfficeLockers();
  const groups = useUserGroups();
  const schedules = useSchedules();
  const linkLockers = useLinkLockers();
  const linkGroups = useAuthorizeGroups();
  const linkSchedules = useLinkSchedules();
  return (
    <>
      <Col xs={24} md={8}>
        <LinkCard
          title={t('office.users.lockers')}
          testId="user-lockers"
          canManage={canManage}
          items={u.lockers.map((l) => ({
            id: l.id,
            label: `${l.placeName} #${l.doorNumber} (${l.size})`,
          }))}
          // Only lockers free under the availability rule can be given (the server refuses others).
          options={(lockers.data ?? [])
            .filter((l) => l.available)
            .map((l) => ({
              value: l.id,
              label: `${l.placeName} #${l.doorNumber} (${l.size})`,
            }))}
          onChange={(lockerIds, on) => linkLockers.mutateAsync({ userId: id, lockerIds, on })}
        />
      </Col>
      <Col xs={24} md={8}>
        <LinkCard
          title={t('office.users.groups')}
          testId="user-groups"
          color="purple"
          canManage={canManage}
          items={u.groups.map((g) => ({ id: g.id, label: g.name }))}
          options={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
          onChange={(userGroupIds, on) => linkGroups.mutateAsync({ userId: id, userGroupIds, on })}
        />
      </Col>
      <Col xs={24} md={8}>
        <LinkCard
          title={t('office.users.schedules')}
          testId="user-schedules"
          color="geekblue"
          canManage={canManage}
          items={u.schedules.map((s) => ({ id: s.id, label: s.name }))}
          options={(schedules.data?.schedules ?? []).map((s) => ({ value: s.id, label: s.name }))}
          onChange={(scheduleIds, on) => linkSchedules.mutateAsync({ userId: id, scheduleIds, on })}
        />
      </Col>
    </>
  );
}
