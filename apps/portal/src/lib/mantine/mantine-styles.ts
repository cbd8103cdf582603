// The whole @mantine/core stylesheet (41.8 KB gzip), loaded with MantineRoot: every Mantine screen (the signed-in
// and onboarding layouts, the public screens other than /signin, the sign-in challenges, the toaster) gets the
// styles of every component it may use, so no screen renders a component unstyled (issue 9: page-wide check marks
// and inline dialogs came from a hand-picked list). /signin stays Mantine-free (issue 2 §8, docs/decisions/0040),
// so its budget does not move.
import '@mantine/core/styles.css';
