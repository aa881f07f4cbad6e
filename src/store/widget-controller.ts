/**
 * The one pattern every widget controller follows: its state lives in a zustand vanilla store,
 * its actions are methods that change that state, and whatever touches the outside world (a
 * clock, WebGPU, workers, the cost engine) comes in as injected dependencies, so tests drive a
 * controller with fakes and views only subscribe (see src/ui/useController.ts).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

/** What a view needs from a controller: its current state and change notifications. */
export interface Observable<S> {
  getState(): S;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: (state: S) => void): () => void;
}

/** The base of widget controllers: a store of state `S` and the ways to change it. */
export abstract class WidgetController<S extends object> implements Observable<S> {
  /** The controller's state, as a zustand vanilla store. */
  protected readonly store: StoreApi<S>;

  constructor(initial: S) {
    this.store = createStore<S>()(() => initial);
  }

  /** The current state (a new object after every change). */
  getState(): S {
    return this.store.getState();
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: (state: S) => void): () => void {
    return this.store.subscribe((state) => listener(state));
  }

  /** Replaces the whole state. */
  protected replaceState(next: S): void {
    this.store.setState(next, true);
  }

  /** Changes some fields of the state. */
  protected patchState(change: Partial<S>): void {
    this.store.setState(change);
  }

  /** Stops whatever the controller has running; views call it when they go away. */
  dispose(): void {}
}
