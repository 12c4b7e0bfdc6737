/** The API's field problems on a form's fields: shown until the next input into the field they are about. */
import { createContext, useContext, useState, type ReactNode } from 'react';

/**
 * The API's refusal of the form around (the messages of its 400 that the form's fields show, as
 * fieldProblems places them). A field showing one of them drops it, with its aria-invalid, on the next
 * input into that field: the value it was about is gone. The form's own checks are not in it: they
 * follow the value as it is typed.
 */
const ApiProblemsContext = createContext<readonly string[]>([]);

export function ApiProblemsScope({ placed, children }: { placed: readonly string[]; children: ReactNode }) {
  return <ApiProblemsContext.Provider value={placed}>{children}</ApiProblemsContext.Provider>;
}

/**
 * The error a field shows, and what to call on an input into it: an API message the field shows is
 * dropped until the API answers again (the message goes, even if the next answer says the same).
 */
export function useShownError(error: string | null | undefined): { shown: string | null; input: () => void } {
  const apiMessages = useContext(ApiProblemsContext);
  const [dropped, setDropped] = useState<string | null>(null);
  const [previous, setPrevious] = useState(error);
  if (error !== previous) {
    // A new answer (a resubmit goes through no error while it is pending): whatever it says is shown.
    setPrevious(error);
    setDropped(null);
  }
  const fromApi = Boolean(error) && apiMessages.some((message) => error!.includes(message));
  return {
    shown: error && error !== dropped ? error : null,
    input: () => {
      if (fromApi) setDropped(error!);
    },
  };
}
