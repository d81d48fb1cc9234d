import { afterEach, describe, expect, it } from 'vitest';
import { watchModalDialogs } from './modal-dialogs.ts';

/** The MutationObserver reports after the current task's microtasks. */
const observed = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The application (a button in the root) and a Mantine-like dialog, not yet shown, with its close button. */
function page() {
  const root = document.createElement('div');
  const button = document.createElement('button');
  root.append(button);
  const portal = document.createElement('div');
  const dialog = document.createElement('section');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  const close = document.createElement('button');
  close.className = 'mantine-Modal-close';
  dialog.append(close);
  document.body.append(root, portal);
  const field = () => {
    const input = document.createElement('input');
    input.setAttribute('data-autofocus', 'true');
    return input;
  };
  return { root, button, portal, dialog, close, field };
}

describe('watchModalDialogs', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    document.body.replaceChildren();
  });

  it('makes the application inert while a modal dialog is open, and usable again once it is gone', async () => {
    const { root, portal, dialog } = page();
    stop = watchModalDialogs(root);
    expect(root).not.toHaveAttribute('inert');
    portal.append(dialog);
    await observed();
    expect(root).toHaveAttribute('inert');
    dialog.remove();
    await observed();
    expect(root).not.toHaveAttribute('inert');
  });

  it('ignores a dialog that is not modal (a menu, a popover)', async () => {
    const { root, portal, dialog } = page();
    dialog.removeAttribute('aria-modal');
    stop = watchModalDialogs(root);
    portal.append(dialog);
    await observed();
    expect(root).not.toHaveAttribute('inert');
  });

  it('gives the focus back to the control that opened the dialog when it was lost on closing', async () => {
    const { root, button, portal, dialog, close } = page();
    stop = watchModalDialogs(root);
    button.focus();
    portal.append(dialog);
    await observed();
    close.focus();
    dialog.remove();
    await observed();
    expect(document.activeElement).toBe(button);
  });

  it('leaves the focus where the application put it after the dialog', async () => {
    const { root, button, portal, dialog } = page();
    const other = document.createElement('button');
    root.append(other);
    stop = watchModalDialogs(root);
    button.focus();
    portal.append(dialog);
    await observed();
    dialog.remove();
    other.focus();
    await observed();
    expect(document.activeElement).toBe(other);
  });

  it('moves the focus from the close button to the first field once it is loaded', async () => {
    const { root, portal, dialog, close, field } = page();
    stop = watchModalDialogs(root);
    portal.append(dialog);
    await observed();
    close.focus();
    const first = field();
    dialog.append(first, field());
    await observed();
    expect(document.activeElement).toBe(first);
  });

  it('leaves the focus where the user put it when the field arrives', async () => {
    const { root, portal, dialog, field } = page();
    const cancel = document.createElement('button');
    dialog.append(cancel);
    stop = watchModalDialogs(root);
    portal.append(dialog);
    await observed();
    cancel.focus();
    dialog.append(field());
    await observed();
    expect(document.activeElement).toBe(cancel);
  });
});
