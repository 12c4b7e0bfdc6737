/**
 * Every destructive action asks first: `const confirm = useConfirm(); if (await confirm({...}))`.
 * The dialog focuses Cancel, so Enter on a stray keypress never destroys anything.
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Modal } from './Modal';

export interface ConfirmOptions {
  title: string;
  body: ReactNode;
  /** The button's words: the action itself ("Revoke key"), never just "OK". */
  confirmLabel: string;
  /** Destructive (red) unless said otherwise. */
  tone?: 'danger' | 'primary';
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setOptions(next);
      }),
    [],
  );

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        open={options !== null}
        title={options?.title ?? ''}
        onClose={() => answer(false)}
        actions={
          <>
            <button type="button" className="btn" autoFocus onClick={() => answer(false)}>
              Cancel
            </button>
            <button
              type="button"
              className={options?.tone === 'primary' ? 'btn btn-primary' : 'btn btn-danger'}
              onClick={() => answer(true)}
            >
              {options?.confirmLabel}
            </button>
          </>
        }
      >
        <div className="muted">{options?.body}</div>
      </Modal>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm outside ConfirmProvider');
  return confirm;
}
