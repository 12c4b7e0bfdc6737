/**
 * The operators: who signs in to the admin area. An operator adds another with a first password
 * (shown once, to hand over; only its hash is stored) and removes one after confirming, which ends
 * that operator's sessions at once. The signed-in operator may remove itself too, which signs it out
 * here as well; the API refuses to remove the last operator (409), and the page shows its answer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { adminApi } from '../../api/admin-api';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../api/console-api';
import { setCsrfToken } from '../../api/http';
import type { UserView } from '../../api/openapi.generated';
import { SESSION_KEY, useSignedIn } from '../../auth/session';
import { useConfirm } from '../../components/Confirm';
import { DataTable } from '../../components/DataTable';
import { Modal } from '../../components/Modal';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import { SecretOnce } from '../../components/SecretOnce';
import { useToast } from '../../components/Toasts';
import { Badge, EmptyState, ErrorNotice, FormActions, FormError, Loading, PageHeader, TextField } from '../../components/ui';
import { fieldProblems } from '../../lib/field-problems';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';

const EMPTY_FORM = { name: '', email: '', password: '' };

/** A passphrase-strength first password: 20 characters from an unambiguous alphabet, from the browser's CSPRNG. */
function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

export function OperatorsPage() {
  useDocumentTitle('Operators');
  const session = useSignedIn();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const operators = useCursorList(['admin', 'operators', 'list'], (cursor) => adminApi.operators.list({ limit: PAGE_SIZE, cursor }));
  const [adding, setAdding] = useState(false);
  const [form, setForm] = useState(EMPTY_FORM);
  const [added, setAdded] = useState<{ operator: UserView; password: string } | null>(null);

  const create = useMutation({
    mutationFn: () => adminApi.operators.create({ name: form.name.trim(), email: form.email.trim(), password: form.password }),
    onSuccess: (operator) => {
      setAdded({ operator, password: form.password });
      setForm(EMPTY_FORM);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'operators'] });
    },
  });
  const problems = fieldProblems(create.error, ['name', 'email', 'password']);
  const remove = useMutation({
    mutationFn: (id: string) => adminApi.operators.remove(id),
    onSuccess: (_, id) => {
      if (id === session.user.id) {
        // The API ended this session with the others: leave as signing out does.
        setCsrfToken(null);
        queryClient.clear();
        queryClient.setQueryData(SESSION_KEY, null);
        void navigate('/signin', { replace: true });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: ['admin', 'operators'] });
      toast('Operator removed');
    },
  });

  const askRemove = async (operator: UserView) => {
    const yourself = operator.id === session.user.id;
    if (
      await confirm({
        title: yourself ? 'Remove yourself?' : `Remove ${operator.name}?`,
        body: yourself
          ? `You will be signed out at once, here and everywhere, and ${operator.email} can no longer sign in to the admin area.`
          : `${operator.email} is signed out everywhere at once and can no longer sign in to the admin area.`,
        confirmLabel: yourself ? 'Remove me and sign out' : 'Remove operator',
      })
    )
      remove.mutate(operator.id);
  };
  const close = () => {
    setAdding(false);
    setAdded(null);
    setForm(EMPTY_FORM);
    create.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const signInUrl = `${window.location.origin}/signin`;

  return (
    <>
      <PageHeader
        title="Operators"
        description="Everyone who can sign in to the admin area. They have the whole operator API: tenants, plans, the catalog and every call."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            Add operator
          </button>
        }
      />
      <div className="stack">
        {remove.isError && <FormError error={remove.error} />}
        <div className="card card-flush">
          {operators.isPending ? (
            <Loading />
          ) : operators.isError ? (
            <div className="card-body">
              <ErrorNotice error={operators.error} onRetry={() => void operators.refetch()} />
            </div>
          ) : (
            <DataTable<UserView>
              caption="Operators"
              rows={operators.rows}
              rowKey={(o) => o.id}
              empty={<EmptyState title="No operators">Operators added with the admin token appear here.</EmptyState>}
              columns={[
                {
                  header: 'Operator',
                  primary: true,
                  cell: (o) => (
                    <>
                      <span className="cell-title">
                        {o.name} {o.id === session.user.id && <Badge tone="info">you</Badge>}
                      </span>
                      <span className="cell-sub">{o.email}</span>
                    </>
                  ),
                },
                { header: 'Added', cell: (o) => formatDateTime(o.created_at) },
                {
                  header: 'Last sign-in',
                  cell: (o) => (o.last_sign_in_at ? formatDateTime(o.last_sign_in_at) : <span className="faint">Never</span>),
                },
                {
                  header: 'Actions',
                  actions: true,
                  cell: (o) => (
                    <button
                      type="button"
                      className="btn btn-sm btn-danger-outline"
                      onClick={() => void askRemove(o)}
                      aria-label={o.id === session.user.id ? 'Remove yourself' : `Remove ${o.name}`}
                      disabled={remove.isPending}
                    >
                      Remove
                    </button>
                  ),
                },
              ]}
            />
          )}
          <LoadMore query={operators} noun="operators" />
        </div>
      </div>
      <Modal open={adding} title={added ? 'Operator added' : 'Add an operator'} onClose={close}>
        {added ? (
          <div className="stack">
            <p>
              <strong>{added.operator.name}</strong> signs in at <span className="mono">{signInUrl}</span> as{' '}
              <span className="mono">{added.operator.email}</span> with this password, and can change it under Your account.
            </p>
            <SecretOnce
              label="Their first password"
              secret={added.password}
              onDone={close}
              how="The gateway stores only a hash of it: hand it over privately."
            />
          </div>
        ) : (
          <form className="form" onSubmit={submit}>
            <TextField
              label="Name"
              required
              autoFocus
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
              error={problems.of('name')}
            />
            <TextField
              label="Email"
              type="email"
              required
              autoComplete="off"
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
              error={problems.of('email')}
            />
            <div className="stack-sm">
              <TextField
                label="First password"
                required
                autoComplete="new-password"
                minLength={PASSWORD_MIN_LENGTH}
                maxLength={PASSWORD_MAX_LENGTH}
                value={form.password}
                onChange={(e) => setForm({ ...form, password: e.target.value })}
                hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. Shown once more after adding, to hand over.`}
                error={problems.of('password')}
              />
              <button type="button" className="btn btn-sm" onClick={() => setForm({ ...form, password: generatePassword() })}>
                Generate a password
              </button>
            </div>
            <FormError error={create.error} placed={problems.placed} />
            <FormActions submitLabel="Add operator" disabled={create.isPending} onCancel={close} />
          </form>
        )}
      </Modal>
    </>
  );
}
