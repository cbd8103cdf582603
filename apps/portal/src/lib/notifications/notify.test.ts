import { describe, expect, it } from 'vitest';
import { attachToaster, notify, type Toast } from './notify.ts';

describe('notify (SPEC §4 toast defaults)', () => {
  it('defaults to a success toast that closes after 5000 ms, and keeps toasts asked for before the toaster loads', () => {
    notify('Saved before the toaster loaded');
    const shown: Toast[] = [];
    const detach = attachToaster((toast) => shown.push(toast));
    notify('Saved after', 'error');
    detach();
    expect(shown).toEqual([
      { message: 'Saved before the toaster loaded', color: 'green', autoClose: 5000 },
      { message: 'Saved after', color: 'red', autoClose: 5000 },
    ]);
  });
});
