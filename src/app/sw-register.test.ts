import { describe, expect, it, vi } from 'vitest';
import {
  registerServiceWorker,
  shouldRegister,
  SKIP_WAITING_MESSAGE,
  type ContainerLike,
  type RegistrationLike,
  type WorkerLike,
} from './sw-register';

class FakeWorker implements WorkerLike {
  state = 'installing';
  messages: unknown[] = [];
  private listeners: Array<() => void> = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  addEventListener(_type: 'statechange', listener: () => void) {
    this.listeners.push(listener);
  }
  setState(state: string) {
    this.state = state;
    for (const l of this.listeners) l();
  }
}

class FakeRegistration implements RegistrationLike {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  private listeners: Array<() => void> = [];
  addEventListener(_type: 'updatefound', listener: () => void) {
    this.listeners.push(listener);
  }
  found(worker: FakeWorker) {
    this.installing = worker;
    for (const l of this.listeners) l();
  }
}

function fakeContainer(registration: FakeRegistration, controller: unknown) {
  const listeners: Array<() => void> = [];
  const container: ContainerLike & { fireControllerChange(): void; urls: string[] } = {
    controller,
    urls: [],
    register(url: string) {
      this.urls.push(url);
      return Promise.resolve(registration);
    },
    addEventListener(_type: 'controllerchange', listener: () => void) {
      listeners.push(listener);
    },
    fireControllerChange() {
      for (const l of listeners) l();
    },
  };
  return container;
}

describe('shouldRegister', () => {
  const env = { production: true, hasServiceWorker: true, search: '' };
  it('registers in a production build with service workers', () => {
    expect(shouldRegister(env)).toBe(true);
    expect(shouldRegister({ ...env, search: '?sw=on' })).toBe(true);
  });
  it('never registers in dev or tests, without service workers, or with ?sw=off', () => {
    expect(shouldRegister({ ...env, production: false })).toBe(false);
    expect(shouldRegister({ ...env, hasServiceWorker: false })).toBe(false);
    expect(shouldRegister({ ...env, search: '?sw=off' })).toBe(false);
    expect(shouldRegister({ ...env, search: '?a=1&sw=off' })).toBe(false);
  });
});

describe('registerServiceWorker', () => {
  it('registers the script with a relative scope', async () => {
    const registration = new FakeRegistration();
    const container = fakeContainer(registration, null);
    const result = await registerServiceWorker(container, './sw.js', {
      onUpdateReady: vi.fn(),
      reload: vi.fn(),
    });
    expect(result).toBe(registration);
    expect(container.urls).toEqual(['./sw.js']);
  });

  it('resolves to null when registration fails', async () => {
    const container: ContainerLike = {
      controller: null,
      register: () => Promise.reject(new Error('SecurityError')),
      addEventListener: () => undefined,
    };
    const result = await registerServiceWorker(container, './sw.js', {
      onUpdateReady: vi.fn(),
      reload: vi.fn(),
    });
    expect(result).toBeNull();
  });

  it('resolves to null when a blocked registration resolves with nothing', async () => {
    const container = {
      controller: null,
      register: () => Promise.resolve(undefined),
      addEventListener: () => undefined,
    } as unknown as ContainerLike;
    const result = await registerServiceWorker(container, './sw.js', {
      onUpdateReady: vi.fn(),
      reload: vi.fn(),
    });
    expect(result).toBeNull();
  });

  it('does not announce the first install, which replaces nothing', async () => {
    const registration = new FakeRegistration();
    const onUpdateReady = vi.fn();
    const reload = vi.fn();
    const container = fakeContainer(registration, null);
    await registerServiceWorker(container, './sw.js', { onUpdateReady, reload });
    const worker = new FakeWorker();
    registration.found(worker);
    worker.setState('installed');
    container.fireControllerChange(); // clients.claim() on the first activation
    expect(onUpdateReady).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('announces a new version once, and reloads only after it is applied and takes over', async () => {
    const registration = new FakeRegistration();
    const onUpdateReady = vi.fn<(apply: () => void) => void>();
    const reload = vi.fn();
    const container = fakeContainer(registration, { old: true });
    await registerServiceWorker(container, './sw.js', { onUpdateReady, reload });
    const worker = new FakeWorker();
    registration.found(worker);
    worker.setState('installed');
    worker.setState('installed');
    expect(onUpdateReady).toHaveBeenCalledOnce();
    container.fireControllerChange(); // another tab applied it: no surprise reload here
    expect(reload).not.toHaveBeenCalled();
    const apply = onUpdateReady.mock.calls[0]?.[0];
    apply?.();
    expect(worker.messages).toEqual([SKIP_WAITING_MESSAGE]);
    expect(reload).not.toHaveBeenCalled();
    container.fireControllerChange();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('announces a version already waiting when the page opens', async () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker();
    const onUpdateReady = vi.fn();
    await registerServiceWorker(fakeContainer(registration, {}), './sw.js', {
      onUpdateReady,
      reload: vi.fn(),
    });
    expect(onUpdateReady).toHaveBeenCalledOnce();
  });
});
