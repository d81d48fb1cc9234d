import { Button, Code, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  onHome: () => void;
}

interface State {
  error: Error | null;
}

/** Uncaught rendering errors (spec 1 §4): 'Une erreur s'est produite', the message, retry or go home. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Erreur d’affichage', error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Paper withBorder radius="md" p="xl" role="alert">
        <Stack align="center" gap="sm">
          <ThemeIcon size={48} radius="xl" color="red" variant="light" aria-hidden>
            <IconAlertTriangle size={26} />
          </ThemeIcon>
          <Title order={1} size="h3">
            Une erreur s’est produite
          </Title>
          <Text c="dimmed" ta="center">
            L’affichage de cette page a échoué.
          </Text>
          {error.message && (
            <Code block maw="100%" style={{ whiteSpace: 'pre-wrap' }}>
              {error.message}
            </Code>
          )}
          <Group>
            <Button onClick={this.reset}>Réessayer</Button>
            <Button
              variant="default"
              onClick={() => {
                this.reset();
                this.props.onHome();
              }}
            >
              Retour à l’accueil
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }
}
