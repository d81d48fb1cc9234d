// Mantine's style sheet in two parts, both in the `mantine` CSS layer (so that the app's own CSS wins
// whatever the order the parts arrive in). The first screens (login, loaders, toasts, error panel)
// need only the styles of their components, in the order of @mantine/core/styles.css: a quarter of
// the whole, in the page's first download. A component added to them needs its file here (the
// browser test 'every Mantine component of the login page is styled' says which).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';

/**
 * A chunk of what comes after the first screens (the shell, a dialog), with the whole style sheet:
 * they may use any component. Both downloads run side by side.
 */
export function withAllStyles<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, import('@mantine/core/styles.layer.css')]).then(([module]) => module);
}
