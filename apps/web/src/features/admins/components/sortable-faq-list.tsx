import type { ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Faq } from '@cacifo/contract/schemas/content';

function SortableRow({ faq, index, actions }: { faq: Faq; index: number; actions: ReactNode }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: faq.id });
  return (
    <li
      ref={setNodeRef}
      className={`faq-row${isDragging ? ' faq-row-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="faq-row"
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="faq-handle"
        aria-label={t('admins.faqs.dragHandle', { position: index + 1 })}
        data-testid="faq-handle"
        {...attributes}
        {...listeners}
      >
        <HolderOutlined />
      </button>
      <div className="faq-text">
        <div className="faq-question" data-testid="faq-question">
          {faq.question}
        </div>
        <div className="faq-answer">{faq.answer}</div>
      </div>
      <div className="faq-actions">{actions}</div>
    </li>
  );
}

interface Props {
  faqs: Faq[];
  onReorder: (next: Faq[]) => void;
  renderActions: (faq: Faq) => ReactNode;
}

/** FAQs in order, dragged by their handle with the mouse, touch or the keyboard (space, arrows). */
export function SortableFaqList({ faqs, onReorder, renderActions }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = faqs.findIndex((f) => f.id === active.id);
    const to = faqs.findIndex((f) => f.id === over.id);
    onReorder(arrayMove(faqs, from, to));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={faqs.map((f) => f.id)} strategy={verticalListSortingStrategy}>
        <ol className="faq-list" data-testid="faq-list">
          {faqs.map((faq, i) => (
            <SortableRow key={faq.id} faq={faq} index={i} actions={renderActions(faq)} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
