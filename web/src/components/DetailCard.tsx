/**
 * A record's card with inline edit (a key's details, a customer's, a tenant's account): its fields as
 * a definition list and, for who may change them, an Edit button that turns the card into a form
 * (fields, the API's refusal, Save and Cancel). useInlineEdit holds the draft while it is edited.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Card, Details, type DetailItem } from './ui';

/**
 * The focus of an edit that opens in place of what it edits (the button that opens it is gone while
 * it is open): into the form's first field when it opens, back to that button when it closes (saved
 * or cancelled), so a keyboard or screen reader user is not dropped at the top of the page. `opener`
 * goes on the button, `area` on the form (or an element around it).
 */
export function useInlineEditFocus(open: boolean) {
  const openerElement = useRef<HTMLButtonElement | null>(null);
  const areaElement = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open === wasOpen.current) return;
    wasOpen.current = open;
    if (open) {
      areaElement.current
        ?.querySelector<HTMLElement>('input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled)')
        ?.focus();
    } else if (document.activeElement === null || document.activeElement === document.body) {
      // Only when the focus went with the form: not when the user had already moved on elsewhere.
      openerElement.current?.focus();
    }
  }, [open]);
  // Callback refs, so one hook serves a <button>, a <form> or a <div>, and no ref object leaves it.
  const opener = useCallback((element: HTMLButtonElement | null) => {
    openerElement.current = element;
  }, []);
  const area = useCallback((element: HTMLElement | null) => {
    areaElement.current = element;
  }, []);
  return { opener, area };
}

export function useInlineEdit<D>() {
  const [draft, setDraft] = useState<D | null>(null);
  return {
    draft,
    editing: draft !== null,
    start: (from: D) => setDraft(from),
    stop: () => setDraft(null),
    /** Changes some fields of the draft. */
    set: (patch: Partial<D>) => setDraft((current) => current && { ...current, ...patch }),
  };
}

export function DetailCard({
  title = 'Details',
  items,
  editLabel = 'Edit',
  onEdit,
  form,
  keepItems,
}: {
  title?: string;
  items: DetailItem[];
  editLabel?: string;
  /** Starts editing; absent for who may not (or while the form is open). */
  onEdit?: () => void;
  /** The open edit form (EditForm), or null. */
  form: ReactNode;
  /** The fields stay listed under the form (a rename changes one of them). */
  keepItems?: boolean;
}) {
  const editing = Boolean(form);
  const { opener, area } = useInlineEditFocus(editing);
  return (
    <Card
      title={title}
      actions={
        onEdit && !editing ? (
          <button type="button" className="btn btn-sm" onClick={onEdit} ref={opener}>
            {editLabel}
          </button>
        ) : undefined
      }
    >
      {editing && <div ref={area}>{form}</div>}
      {editing && keepItems && <hr className="divider" />}
      {(!editing || keepItems) && <Details items={items} />}
    </Card>
  );
}
