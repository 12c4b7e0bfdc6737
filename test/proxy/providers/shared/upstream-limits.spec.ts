import type { UpstreamTarget } from '../../../../src/catalog/upstream';
import { ProviderError } from '../../../../src/proxy/provider.types';
import { UpstreamDeadlines } from '../../../../src/proxy/providers/shared/upstream-limits';

const target = (deadlineMs: number | null) => ({ name: 'slow', deadlineMs }) as UpstreamTarget;

describe('UpstreamDeadlines', () => {
  it('cuts the body of a call past its deadline with a timeout, and only that one', () => {
    const deadlines = new UpstreamDeadlines(1000);
    const late = deadlines.start(target(50));
    const onTime = deadlines.start(target(null));
    const lateBody = { destroy: jest.fn() };
    const onTimeBody = { destroy: jest.fn() };
    late.watch(lateBody);
    onTime.watch(onTimeBody);
    deadlines.sweep(late.expiresAt);
    expect(late.expired).toBe(true);
    expect(lateBody.destroy).toHaveBeenCalledWith(expect.any(ProviderError));
    expect((lateBody.destroy.mock.calls[0][0] as ProviderError).kind).toBe('timeout');
    expect(onTime.expired).toBe(false);
    expect(onTimeBody.destroy).not.toHaveBeenCalled();
    deadlines.close();
  });

  it('a body that arrives after the deadline passed is cut at once; a released call is never swept', () => {
    const deadlines = new UpstreamDeadlines(1000);
    const call = deadlines.start(target(10));
    deadlines.sweep(call.expiresAt + 1);
    const body = { destroy: jest.fn() };
    call.watch(body);
    expect(body.destroy).toHaveBeenCalledTimes(1);

    const done = deadlines.start(target(10));
    const doneBody = { destroy: jest.fn() };
    done.watch(doneBody);
    done.release();
    deadlines.sweep(done.expiresAt + 1);
    expect(doneBody.destroy).not.toHaveBeenCalled();
    expect(call.remainingMs(call.expiresAt + 5)).toBe(1);
    deadlines.close();
  });
});
