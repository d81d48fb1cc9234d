import { localIsoDate, RECU_MESSAGES, type ReleveQuery, releveQuerySchema } from '@app/shared';
import { Alert, Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconFileDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { ApiError } from '../api/index.ts';
import { downloadReleve } from '../data/recus.ts';

/** From the first day of the year to today: what a member most often asks for. */
function defaultPeriod(): ReleveQuery {
  const today = localIsoDate();
  return { du: `${today.slice(0, 4)}-01-01`, au: today };
}

/**
 * A member's statement (relevé, issue 15) for a period, downloaded as a PDF: the signed-in
 * member's own without `membreId`, else that member's (staff who may see him).
 */
export function StatementDownload({ membreId = null }: { membreId?: number | null }) {
  const titleId = useId();
  const form = useForm<ReleveQuery>({
    mode: 'uncontrolled',
    initialValues: defaultPeriod(),
    validate: schemaResolver(releveQuerySchema, { sync: true }),
  });
  const download = useMutation({
    mutationFn: (period: ReleveQuery) => downloadReleve(membreId, period),
    onError: (error) => {
      // The server's field messages (a future end date) go under their field.
      if (error instanceof ApiError && error.errors) form.setErrors(error.errors);
    },
  });
  const fieldErrors = download.error instanceof ApiError && download.error.errors;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb={4}>
        Relevé de compte
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {membreId === null
          ? 'Vos versements et remboursements de la période, avec ce que vous aviez versé au début et à la fin.'
          : 'Les versements et remboursements du membre sur la période, avec ce qu’il avait versé au début et à la fin.'}
      </Text>
      <form
        noValidate
        onSubmit={form.onSubmit((period) => {
          download.reset();
          download.mutate(period);
        })}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Du"
            type="date"
            withAsterisk
            max={localIsoDate()}
            key={form.key('du')}
            {...form.getInputProps('du')}
          />
          <TextInput
            label="Au"
            type="date"
            withAsterisk
            max={localIsoDate()}
            key={form.key('au')}
            {...form.getInputProps('au')}
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 25 }}
            loading={download.isPending}
            leftSection={<IconFileDownload size={16} aria-hidden />}
          >
            Télécharger le relevé
          </Button>
        </Group>
        {download.isError && !fieldErrors && (
          <Alert color="red" variant="light" mt="sm" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {RECU_MESSAGES.releveError}
            {'\u00a0'}: {download.error.message}
          </Alert>
        )}
      </form>
    </Paper>
  );
}
