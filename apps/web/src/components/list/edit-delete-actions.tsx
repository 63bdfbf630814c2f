import { Button, Space, type ButtonProps } from 'antd';
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
  /** The buttons' size: small in dense tables. */
  size?: ButtonProps['size'];
}

/** A row's edit (in a modal) and delete, the same on the lists that edit in a dialog. */
export function EditDeleteActions(props: Props) {
  const { editLabel, onEdit, name, onDelete, pending, deleteTestId, size = 'small' } = props;
  return (
    <Space>
      <Button size={size} icon={<EditOutlined />} aria-label={editLabel} onClick={onEdit} />
      <DeleteButton size={size} name={name} onDelete={onDelete} pending={pending} testId={deleteTestId} />
    </Space>
  );
}
