import { TIME_ZONES, type TimeZone } from '@app/shared';

/** Each zone by its city and country, as the company would name it. */
export const TIME_ZONE_LABELS: Record<TimeZone, string> = {
  'Africa/Abidjan': 'Abidjan (Côte d’Ivoire)',
  'Africa/Bamako': 'Bamako (Mali)',
  'Africa/Brazzaville': 'Brazzaville (Congo)',
  'Africa/Conakry': 'Conakry (Guinée)',
  'Africa/Dakar': 'Dakar (Sénégal)',
  'Africa/Douala': 'Douala (Cameroun)',
  'Africa/Kinshasa': 'Kinshasa (RD Congo)',
  'Africa/Lagos': 'Lagos (Nigeria)',
  'Africa/Libreville': 'Libreville (Gabon)',
  'Africa/Lome': 'Lomé (Togo)',
  'Africa/Niamey': 'Niamey (Niger)',
  'Africa/Ouagadougou': 'Ouagadougou (Burkina Faso)',
  'Africa/Porto-Novo': 'Porto-Novo (Bénin)',
};

export const TIME_ZONE_OPTIONS = TIME_ZONES.map((value) => ({ value, label: TIME_ZONE_LABELS[value] }));
