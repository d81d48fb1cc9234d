import {
  can,
  formatDate,
  formatDateTime,
  formatFCFA,
  formatPricePerM2,
  formatSurface,
  type Produit,
  plural,
} from '@app/shared';
import {
  ActionIcon,
  Anchor,
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Divider,
  Grid,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconBath,
  IconBed,
  IconDownload,
  IconExternalLink,
  IconFileText,
  IconFileTypePdf,
  IconFridge,
  IconMapPin,
  IconPhone,
  IconRuler2,
  IconShare,
  IconSofa,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentProfile } from '../../api/index.ts';
import { produitDetailQuery } from '../../data/produits.ts';
import { isNotFound } from '../../ui/DetailLoad.tsx';
import { EmptyPanel } from '../../ui/EmptyPanel.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { FavoriteButton } from '../../ui/FavoriteButton.tsx';
import { mediaKind } from '../../ui/media-kind.ts';
import { SafeImage } from '../../ui/SafeImage.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { ContactDialog } from './ContactDialog.tsx';
import { FinancingSimulator } from './FinancingSimulator.tsx';
import { PhotoGallery } from './PhotoGallery.tsx';
import { DISPONIBILITE_COLORS, DISPONIBILITE_LABELS, placeLine, TYPE_LABELS } from './produit-labels.ts';
import { videoEmbedUrl } from './video-embed.ts';

export const LINK_COPIED = 'Lien copié dans le presse-papiers';

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={4} size="h5" mb="sm">
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}

const userRef = (id: number | null | undefined) => (id == null ? '—' : `Utilisateur #${id}`);

/** `management`: the staff's block of ids, dates and authors (right catalogue.management_info). */
function OverviewTab({ produit, management }: { produit: Produit; management: boolean }) {
  return (
    <Stack gap="lg">
      <section aria-labelledby="desc-titre">
        <Title order={3} size="h4" mb="xs" id="desc-titre">
          Description
        </Title>
        <Text style={{ whiteSpace: 'pre-line' }}>{produit.description}</Text>
      </section>
      <section aria-labelledby="carac-titre">
        <Title order={3} size="h4" mb="sm" id="carac-titre">
          Caractéristiques détaillées
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Block title="Dimensions">
            <Row label="Superficie" value={formatSurface(produit.superficie)} />
          </Block>
          <Block title="Pièces">
            <Row label="Chambres" value={produit.nombre_chambre} />
            <Row label="Salons" value={produit.nombre_salon} />
            <Row label="Cuisines" value={produit.nombre_cuisine} />
            <Row label="Toilettes" value={produit.nombre_toilette} />
          </Block>
        </SimpleGrid>
        <Box mt="md">
          <Block title="Financier">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
              <Row label="Prix de vente" value={formatFCFA(produit.prix_vente)} />
              <Row label="Caution" value={formatFCFA(produit.caution)} />
              <Row label="Prix au m²" value={formatPricePerM2(produit.prix_m2)} />
              <Row label="Prix du m² du site" value={formatPricePerM2(produit.site.prix_metre_carre)} />
            </SimpleGrid>
          </Block>
        </Box>
      </section>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Block title="Délai de construction">
          <Text size="sm" fw={500}>
            {produit.delais_construction ? plural(produit.delais_construction, 'mois', 'mois') : 'Non précisé'}
          </Text>
        </Block>
        {management && (
          <Block title="Informations de gestion">
            <Row label="Identifiant du produit" value={`#${produit.id}`} />
            <Row label="Identifiant du site" value={`#${produit.site_id}`} />
            <Row label="Type" value={TYPE_LABELS[produit.type]} />
            <Row label="Créé le" value={formatDateTime(produit.date_creation)} />
            <Row label="Modifié le" value={formatDateTime(produit.date_modification)} />
            <Row label="Créé par" value={userRef(produit.created_by)} />
            <Row label="Modifié par" value={userRef(produit.updated_by)} />
          </Block>
        )}
      </SimpleGrid>
    </Stack>
  );
}

function PlansTab({ plans }: { plans: readonly string[] }) {
  if (plans.length === 0) return <Text c="dimmed">Aucun plan disponible</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {plans.map((url, i) => {
        const kind = mediaKind(url);
        const name = `Plan ${i + 1}`;
        return (
          <Paper key={url} withBorder radius="md" p="sm">
            {kind === 'image' ? (
              <SafeImage src={url} alt={name} height={180} fit="contain" placeholder="Aperçu indisponible" />
            ) : (
              <Stack h={180} align="center" justify="center" bg="var(--mantine-color-gray-0)" gap={4}>
                {kind === 'pdf' ? (
                  <IconFileTypePdf size={56} color="var(--mantine-color-red-7)" aria-hidden />
                ) : (
                  <IconFileText size={56} color="var(--mantine-color-blue-7)" aria-hidden />
                )}
                <Text size="sm" c="dimmed">
                  {kind === 'pdf' ? 'Document PDF' : 'Document'}
                </Text>
              </Stack>
            )}
            <Group justify="space-between" mt="sm" gap="xs">
              <Text fw={600} size="sm">
                {name}
              </Text>
              <Group gap={6}>
                <Button
                  component="a"
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconExternalLink size={14} aria-hidden />}
                  aria-label={`Ouvrir le ${name.toLowerCase()}`}
                >
                  Ouvrir
                </Button>
                <Button
                  component="a"
                  href={url}
                  download
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  aria-label={`Télécharger le ${name.toLowerCase()}`}
                >
                  Télécharger
                </Button>
              </Group>
            </Group>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

function VideoTab({ link, title }: { link: string | null; title: string }) {
  if (!link) return <Text c="dimmed">Aucune visite virtuelle disponible</Text>;
  const embed = videoEmbedUrl(link);
  return (
    <Stack gap="sm">
      {embed ? (
        <AspectRatio ratio={16 / 9}>
          <iframe
            src={embed}
            title={`Visite virtuelle — ${title}`}
            allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            style={{ border: 0, borderRadius: 8 }}
          />
        </AspectRatio>
      ) : (
        <Text c="dimmed">Cette vidéo ne peut pas être intégrée à la page.</Text>
      )}
      <Group>
        <Button
          component="a"
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          size="xs"
          leftSection={<IconExternalLink size={14} aria-hidden />}
        >
          Ouvrir la vidéo dans un nouvel onglet
        </Button>
      </Group>
    </Stack>
  );
}

function EquipmentTab({ produit }: { produit: Produit }) {
  const items = [
    { count: produit.nombre_chambre, icon: <IconBed size={16} />, text: plural(produit.nombre_chambre, 'chambre') },
    { count: produit.nombre_salon, icon: <IconSofa size={16} />, text: plural(produit.nombre_salon, 'salon') },
    { count: produit.nombre_cuisine, icon: <IconFridge size={16} />, text: plural(produit.nombre_cuisine, 'cuisine') },
    { count: produit.nombre_toilette, icon: <IconBath size={16} />, text: plural(produit.nombre_toilette, 'toilette') },
  ].filter((item) => item.count > 0);
  return (
    <Stack gap="sm">
      <List spacing="sm" center>
        <List.Item
          icon={
            <ThemeIcon size={28} radius="xl" variant="light" aria-hidden>
              <IconRuler2 size={16} />
            </ThemeIcon>
          }
        >
          {formatSurface(produit.superficie)} de superficie
        </List.Item>
        {items.map((item) => (
          <List.Item
            key={item.text}
            icon={
              <ThemeIcon size={28} radius="xl" variant="light" aria-hidden>
                {item.icon}
              </ThemeIcon>
            }
          >
            {item.text}
          </List.Item>
        ))}
      </List>
      {items.length === 0 && <Text c="dimmed">Aucun équipement renseigné pour ce produit.</Text>}
    </Stack>
  );
}

/** A map link for the site: its coordinates when the location is "lat, lng", else its address. */
export function mapLink(site: Produit['site']): string {
  const coords = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(site.localisation_site ?? '');
  if (coords)
    return `https://www.openstreetmap.org/?mlat=${coords[1]}&mlon=${coords[2]}#map=16/${coords[1]}/${coords[2]}`;
  const query = [site.adresse_site, site.ville_site].filter(Boolean).join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

function LocationTab({ site }: { site: Produit['site'] }) {
  return (
    <Stack gap="sm">
      <Row label="Site" value={site.nom_site} />
      <Row label="Adresse" value={site.adresse_site || '—'} />
      <Row label="Ville" value={site.ville_site || '—'} />
      <Row label="Localisation" value={site.localisation_site || 'Non renseignée'} />
      <Group>
        <Button
          component="a"
          href={mapLink(site)}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          size="xs"
          leftSection={<IconMapPin size={14} aria-hidden />}
        >
          Voir sur une carte (OpenStreetMap)
        </Button>
      </Group>
    </Stack>
  );
}

function SiteBlock({ site, management }: { site: Produit['site']; management: boolean }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="site-titre">
      <Card.Section>
        <SafeImage src={site.photo_site} alt={site.nom_site} height={150} placeholder="Pas de photo du site" />
      </Card.Section>
      <Title order={2} size="h4" mt="md" id="site-titre">
        Le site
      </Title>
      <Text fw={600} mt={4}>
        {site.nom_site}
      </Text>
      {management && (
        <Text size="xs" c="dimmed">
          Site #{site.id}
        </Text>
      )}
      <Stack gap={6} mt="sm">
        <Row label="Adresse" value={site.adresse_site || '—'} />
        <Row label="Ville" value={site.ville_site || '—'} />
        <Row label="Localisation" value={site.localisation_site || 'Non renseignée'} />
        <Row label="Prix du m²" value={formatPricePerM2(site.prix_metre_carre)} />
        <Row
          label="Plan du site"
          value={
            site.plan_site ? (
              <Anchor href={site.plan_site} target="_blank" rel="noopener noreferrer" size="sm">
                Ouvrir le plan
              </Anchor>
            ) : (
              'Aucun'
            )
          }
        />
        <Row
          label="Vidéo du site"
          value={
            site.video_site ? (
              <Anchor href={site.video_site} target="_blank" rel="noopener noreferrer" size="sm">
                Voir la vidéo
              </Anchor>
            ) : (
              'Aucune'
            )
          }
        />
        {management && (
          <>
            <Row label="Créé le" value={formatDate(site.created_at)} />
            <Row label="Modifié le" value={formatDate(site.updated_at)} />
          </>
        )}
      </Stack>
    </Card>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Chargement du produit">
      <Skeleton h={28} w={160} />
      <Skeleton h={36} w="60%" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton h={380} radius="md" />
          <Skeleton h={220} radius="md" mt="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton h={180} radius="md" />
          <Skeleton h={300} radius="md" mt="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

async function shareLink(produit: Produit): Promise<void> {
  const url = `${window.location.origin}/produits/${produit.id}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({
        title: produit.titre,
        text: `${produit.titre} — ${formatFCFA(produit.prix_vente)}`,
        url,
      });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    showToast('success', LINK_COPIED);
  } catch {
    showToast('general', `Impossible de copier le lien. Adresse du produit : ${url}`);
  }
}

/** The product page (spec 2 §2, decisions §6): real data only, favourite, share, contact, simulator. */
export default function ProduitDetailPage({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const query = useQuery({ ...produitDetailQuery(id ?? 0), enabled: id !== null });
  const management = can(useCurrentProfile()?.role, 'catalogue.management_info');
  const [contactOpen, setContactOpen] = useState(false);

  useEffect(() => {
    document.scrollingElement?.scrollTo?.({ top: 0 });
  }, []);

  const titre = query.data?.titre;
  useEffect(() => {
    if (titre) document.title = `${titre} — Autopromotion Immobilière`;
  }, [titre]);

  const back = () => {
    // Back in history when the catalogue brought us here, else to the catalogue.
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/produits');
  };

  const notFound = id === null || isNotFound(query.error);
  if (notFound) {
    return (
      <EmptyPanel
        icon={<IconFileText size={28} />}
        title="Produit non trouvé"
        description="Ce produit n’existe pas ou n’est plus proposé au catalogue."
      >
        <Button
          variant="light"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => void navigate('/produits')}
        >
          Retour au catalogue
        </Button>
      </EmptyPanel>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="md">
        <Group>
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={back}>
            Retour
          </Button>
        </Group>
        <ErrorPanel
          title="Erreur"
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </Stack>
    );
  }
  if (!query.data) return <DetailSkeleton />;

  const produit = query.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 320px' }}>
          <ActionIcon variant="default" size="lg" aria-label="Retour" onClick={back} mt={4}>
            <IconArrowLeft size={18} aria-hidden />
          </ActionIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed" fw={500}>
              Référence #{produit.id}
            </Text>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {produit.titre}
            </Title>
            <Group gap="xs">
              <Badge color={DISPONIBILITE_COLORS[produit.disponibilite]} variant="filled">
                {DISPONIBILITE_LABELS[produit.disponibilite]}
              </Badge>
              <Badge variant="light" color={produit.type === 'logement' ? 'cyan' : 'lime'}>
                {TYPE_LABELS[produit.type]}
              </Badge>
              {!produit.est_actif && (
                <Badge variant="filled" color="gray">
                  Inactif
                </Badge>
              )}
              <Group gap={4} wrap="nowrap">
                <IconMapPin size={16} color="var(--mantine-color-dimmed)" aria-hidden />
                <Text size="sm" c="dimmed">
                  {placeLine(produit.site)}
                </Text>
              </Group>
            </Group>
          </Stack>
        </Group>
        <Group gap="xs">
          <FavoriteButton produitId={produit.id} size="lg" />
          <Button
            variant="default"
            leftSection={<IconShare size={16} aria-hidden />}
            onClick={() => void shareLink(produit)}
          >
            Partager
          </Button>
          <Button leftSection={<IconPhone size={16} aria-hidden />} onClick={() => setContactOpen(true)}>
            Contacter
          </Button>
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <PhotoGallery key={produit.id} photos={produit.photos_logement} title={produit.titre} />
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
              <Tabs defaultValue="overview" keepMounted={false} variant="pills">
                <Tabs.List mb="lg" style={{ gap: 4 }}>
                  <Tabs.Tab value="overview">Vue d’ensemble</Tabs.Tab>
                  <Tabs.Tab value="plans">Plans & Docs</Tabs.Tab>
                  <Tabs.Tab value="video">Visite virtuelle</Tabs.Tab>
                  <Tabs.Tab value="equipment">Équipements</Tabs.Tab>
                  <Tabs.Tab value="location">Localisation</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="overview">
                  <OverviewTab produit={produit} management={management} />
                </Tabs.Panel>
                <Tabs.Panel value="plans">
                  <PlansTab plans={produit.plan_logement} />
                </Tabs.Panel>
                <Tabs.Panel value="video">
                  <VideoTab link={produit.video_logement} title={produit.titre} />
                </Tabs.Panel>
                <Tabs.Panel value="equipment">
                  <EquipmentTab produit={produit} />
                </Tabs.Panel>
                <Tabs.Panel value="location">
                  <LocationTab site={produit.site} />
                </Tabs.Panel>
              </Tabs>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding="lg" component="section" aria-label="Prix">
              <Text size="sm" c="dimmed">
                Prix de vente
              </Text>
              <Text fz={28} fw={800} c="cyan.8" lh={1.2}>
                {formatFCFA(produit.prix_vente)}
              </Text>
              <Text size="sm" c="dimmed" mb="sm">
                {formatPricePerM2(produit.prix_m2)}
              </Text>
              <Divider mb="sm" />
              <Stack gap={6}>
                <Row label="Superficie" value={formatSurface(produit.superficie)} />
                <Row label="Caution" value={formatFCFA(produit.caution)} />
                <Row
                  label="Délai de construction"
                  value={produit.delais_construction ? `${produit.delais_construction} mois` : 'Non précisé'}
                />
              </Stack>
            </Card>
            <FinancingSimulator key={produit.id} price={produit.prix_vente} />
            <SiteBlock site={produit.site} management={management} />
          </Stack>
        </Grid.Col>
      </Grid>
      <ContactDialog opened={contactOpen} onClose={() => setContactOpen(false)} produit={produit} />
    </Stack>
  );
}
