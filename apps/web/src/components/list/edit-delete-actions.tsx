import { Button, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { DeleteButton } from './delete-button';

interface Props {
  /** The edit button's accessible name (it shows only its icon). */
  editLabel: string;
  onEdit: () => void;
  /** The row's name, in the delete's question. */
  name: string;
  onDelete: () => Promise<unknown>;
  /** This row's delete is running. */
  pending: boolean;
  deleteTestId: string;
}

/** A row's edit (in a modal) and delete, the same on the lists that edit in a dialog. */
export function EditDeleteActions({ editLabel, onEdit, name, onDelete, pending, deleteTestId }: Props) {
  return (
    <Space>
      <Button size="small" icon={<EditOutlined />} aria-label={editLabel} onClick={onEdit} />
      <DeleteButton size="small" name={name} onDelete={onDelete} pending={pending} testId={deleteTestId} />
    </Space>
  );
}
