// Mantine styles of the components every Mantine page shows (loaded with MantineRoot, never on /signin, which is
// Mantine-free: issue 2 §8). Layouts and the toaster import the styles of their
// own components, so no page downloads the whole Mantine stylesheet.
// No default-css-variables.css (27 KB, 3.9 KB gzip): MantineProvider writes every theme variable itself
// (deduplicateCssVariables={false} in mantine-root.tsx), computed by the same resolver that generated that file.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Divider.css';
