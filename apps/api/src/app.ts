import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type ErrorBody, MESSAGES } from '@app/shared';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyContextConfig, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/database.ts';
import { type Jobs, registerJobs } from './engines/jobs.ts';
import { Metrics } from './engines/metrics.ts';
import { connectRedis } from './engines/redis.ts';
import { loggerOptions } from './logger.ts';
import { DailyMailJob, type JobRecord } from './mail/daily-mail-job.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { fileStoreFor, LocalFiles, S3Files } from './media/file-store.ts';
import { MediaStore } from './media/media-store.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { AuditService } from './modules/audit/audit.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { deuxFacteursRoutes } from './modules/auth/deux-facteurs.routes.ts';
import { DeuxFacteursService } from './modules/auth/deux-facteurs.service.ts';
import { photoProfilRoutes } from './modules/auth/photo-profil.routes.ts';
import { PhotoProfilService } from './modules/auth/photo-profil.service.ts';
import { TokenSigner } from './modules/auth/tokens.ts';
import { banquesRoutes } from './modules/banques/banques.routes.ts';
import { BanquesService } from './modules/banques/banques.service.ts';
import { chantiersRoutes } from './modules/chantiers/chantiers.routes.ts';
import { ChantiersService } from './modules/chantiers/chantiers.service.ts';
import { comptabiliteRoutes } from './modules/comptabilite/comptabilite.routes.ts';
import { controlesRoutes } from './modules/controles/controles.routes.ts';
import { ControlesService } from './modules/controles/controles.service.ts';
import { controlesTask } from './modules/controles/controles.task.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { demandesRoutes } from './modules/demandes/demandes.routes.ts';
import { DemandesService } from './modules/demandes/demandes.service.ts';
import { depensesRoutes } from './modules/depenses/depenses.routes.ts';
import { DepensesService } from './modules/depenses/depenses.service.ts';
import { todayInCompany } from './modules/echeanciers/echeanciers.repository.ts';
import { echeanciersRoutes } from './modules/echeanciers/echeanciers.routes.ts';
import { EcheanciersService } from './modules/echeanciers/echeanciers.service.ts';
import { EntretienService } from './modules/entretien/entretien.service.ts';
import { entretienTask } from './modules/entretien/entretien.task.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { favorisRoutes } from './modules/favoris/favoris.routes.ts';
import { FavorisService } from './modules/favoris/favoris.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { inscriptionRoutes } from './modules/inscription/inscription.routes.ts';
import { InscriptionService } from './modules/inscription/inscription.service.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { membresRoutes } from './modules/membres/membres.routes.ts';
import { MembresService } from './modules/membres/membres.service.ts';
import { NotificationEmails, notificationEmailsTask } from './modules/notifications/notifications.courriels.ts';
import { tacheEnEchec } from './modules/notifications/notifications.evenements.ts';
import { notifier } from './modules/notifications/notifications.repository.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { NotificationsService } from './modules/notifications/notifications.service.ts';
import { personnelRoutes } from './modules/personnel/personnel.routes.ts';
import { PersonnelService } from './modules/personnel/personnel.service.ts';
import { NoticeMailer } from './modules/preferences/notices.ts';
import { preferencesRoutes } from './modules/preferences/preferences.routes.ts';
import { PreferencesService } from './modules/preferences/preferences.service.ts';
import { produitsRoutes } from './modules/produits/produits.routes.ts';
import { ProduitsService } from './modules/produits/produits.service.ts';
import { rappelsRoutes } from './modules/rappels/rappels.routes.ts';
import { RappelsService } from './modules/rappels/rappels.service.ts';
import { recusRoutes } from './modules/recus/recus.routes.ts';
import { RecusService } from './modules/recus/recus.service.ts';
import { RelevesService } from './modules/recus/releves.service.ts';
import { RelevesMensuelsService } from './modules/recus/releves-mensuels.service.ts';
import { CloturesService } from './modules/releves-bancaires/clotures.service.ts';
import { RapprochementsService } from './modules/releves-bancaires/rapprochements.service.ts';
import {
  cloturesRoutes,
  rapprochementsRoutes,
  relevesBancairesRoutes,
} from './modules/releves-bancaires/releves-bancaires.routes.ts';
import { RelevesBancairesService } from './modules/releves-bancaires/releves-bancaires.service.ts';
import { remboursementsRoutes } from './modules/remboursements/remboursements.routes.ts';
import { RemboursementsService } from './modules/remboursements/remboursements.service.ts';
import { retardsRoutes } from './modules/retards/retards.routes.ts';
import { RetardsService } from './modules/retards/retards.service.ts';
import { sauvegardesTask } from './modules/sauvegardes/planification.ts';
import { sauvegardesRoutes } from './modules/sauvegardes/sauvegardes.routes.ts';
import { SauvegardesService } from './modules/sauvegardes/sauvegardes.service.ts';
import { SETTINGS_CHANNEL } from './modules/settings/settings.repository.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { sitesRoutes } from './modules/sites/sites.routes.ts';
import { SitesService } from './modules/sites/sites.service.ts';
import { utilisateursRoutes } from './modules/utilisateurs/utilisateurs.routes.ts';
import { UtilisateursService } from './modules/utilisateurs/utilisateurs.service.ts';
import { versementsRoutes } from './modules/versements/versements.routes.ts';
import { VersementsService } from './modules/versements/versements.service.ts';
import { registerAuth } from './plugins/auth.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './plugins/errors.ts';
import { MULTIPART_LIMITS } from './plugins/files.ts';
import { registerInputGuards } from './plugins/input.ts';
import { registerRateLimits } from './plugins/limits.ts';
import { documentRoute, swaggerOptions } from './plugins/openapi.ts';

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsService;
  }
}

export interface AppDeps {
  config: Config;
  db: Database;
  /** Which database `db` is (a backup verifies itself in the same kind). */
  dbKind?: 'pglite' | 'postgres';
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** PostgreSQL: the other instances' notices (DatabaseHandle.listen) and the pool's figures. */
  listen?: DatabaseHandle['listen'];
  inTurn?: DatabaseHandle['inTurn'];
  poolStats?: DatabaseHandle['poolStats'];
}

/** Builds the whole HTTP application; nothing happens at import, nothing listens here. */
export async function buildApp({ config, db, dbKind, mailer, logger, listen, poolStats, inTurn }: AppDeps) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel ?? 'info'),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Errors answered before any route (long path parameter, malformed URL or HTTP) use the envelope too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuards(app);

  // Read when scraped: the backups' service is built below.
  const metrics = config.metrics
    ? new Metrics({ pool: poolStats, lastVerifiedBackup: () => sauvegardes.derniereVerifiee() })
    : undefined;
  metrics?.register(app);
  let jobs: Jobs | undefined;
  const settings = new SettingsService(db, (next) => {
    if (!config.logLevel) app.log.level = next.system.logLevel;
    // The tasks' slots follow the company's time zone.
    jobs?.schedule(next.general.timeZone).catch((error: unknown) => {
      app.log.error({ err: error }, 'tâches non replanifiées');
    });
  });
  app.decorate('settings', settings);
  if (listen) {
    const stop = await listen(SETTINGS_CHANNEL, () => {
      settings.reload().catch((error: unknown) => app.log.error({ err: error }, 'paramètres non relus'));
    });
    app.addHook('onClose', stop);
  }
  if (!config.logLevel) app.log.level = (await settings.get()).system.logLevel;

  const mail =
    mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const files = fileStoreFor(config);
  if (files instanceof LocalFiles) mkdirSync(files.root, { recursive: true, mode: 0o700 });
  if (files instanceof S3Files) app.addHook('onClose', async () => files.close());
  const media = new MediaStore(files, config.jwtSecret);
  const signer = new TokenSigner(config.jwtSecret);
  const auth = new AuthService(db, config, settings, signer, mail, app.log, media, inTurn);
  const notices = new NoticeMailer(db, settings, mail, app.log);
  app.addHook('onClose', () => notices.settled());
  const rappels = new RappelsService(db, settings, mail, config.publicUrl, app.log);
  const releves = new RelevesService(db, settings);
  const relevesMensuels = new RelevesMensuelsService(db, settings, releves, mail, config.publicUrl, app.log);
  const sauvegardes = new SauvegardesService(
    db,
    dbKind ?? (config.databaseUrl ? 'postgres' : 'pglite'),
    config,
    settings,
    app.log,
    mail,
  );
  const controles = new ControlesService(db, mail, app.log);
  // A failed run is counted, and the admins are told in their notifications.
  const recordJob: JobRecord = (job, ok) => {
    metrics?.job(job, ok);
    if (!ok) {
      notifier(db, tacheEnEchec(job, new Date()), { roles: ['admin'] }).catch((error: unknown) =>
        app.log.error({ err: error }, 'échec de tâche non notifié'),
      );
    }
  };
  jobs = registerJobs(
    app,
    db,
    [
      ...(config.reminders
        ? [new DailyMailJob([rappels, relevesMensuels], () => todayInCompany(db), app.log, recordJob)]
        : []),
      ...(config.backups ? [sauvegardesTask(sauvegardes, app.log, recordJob)] : []),
      ...(config.cleanup ? [entretienTask(new EntretienService(db, settings, app.log), app.log, recordJob)] : []),
      ...(config.integrityCheck ? [controlesTask(controles, app.log, recordJob)] : []),
      ...(config.notificationEmails
        ? [
            notificationEmailsTask(
              new NotificationEmails(db, settings, mail, config.publicUrl, app.log),
              app.log,
              recordJob,
            ),
          ]
        : []),
    ],
    async () => (await settings.get()).general.timeZone,
  );
  // A backup under way ends (written, verified) before the database closes.
  app.addHook('onClose', () => sauvegardes.termine());

  await app.register(multipart, { limits: MULTIPART_LIMITS });

  // Over plain HTTP (an office's http://192.168.1.10:3000) upgrade-insecure-requests would turn every
  // script and call into an https:// one that nothing answers: a blank page. HSTS likewise only over HTTPS.
  const https = new URL(config.publicUrl).protocol === 'https:';
  await app.register(helmet, {
    strictTransportSecurity: https,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables in a <style> element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
  });

  // Personal data stays out of browser and proxy caches; a route may set its own caching for its
  // successful answers (the signed media addresses, the docs page's files).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && (reply.statusCode >= 400 || !reply.hasHeader('cache-control'))) {
      reply.header('cache-control', 'no-store');
    }
  });

  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
  if (redis) {
    app.addHook('onClose', async () => {
      redis.removeAllListeners();
      redis.disconnect();
    });
  }
  await registerRateLimits(app, settings, redis);

  // Before registerAuth's own onRoute hook: the docs pages are public, every route's schema gets its
  // security and error answers.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, public: true };
    if (route.url.startsWith('/api')) documentRoute(route);
  });
  registerAuth(app, auth);

  await app.register(swagger, swaggerOptions());
  // The reference is public in development; in production (API_DOCS=admin) openapi.json needs an
  // admin's token and the docs page, which could not send it, is not served.
  if (config.apiDocs === 'public') await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  const docsAccess: FastifyContextConfig = config.apiDocs === 'public' ? { public: true } : { right: 'api.docs' };

  await app.register(
    async (api) => {
      if (config.apiDocs !== 'off') {
        api.get('/openapi.json', { config: docsAccess, schema: { hide: true } }, async () => app.swagger());
      }
      await api.register(healthRoutes, { db, redis, files });
      await api.register(authRoutes, { auth, config });
      await api.register(photoProfilRoutes, { photos: new PhotoProfilService(db, media) });
      await api.register(deuxFacteursRoutes, {
        deuxFacteurs: new DeuxFacteursService(db, config, mail, app.log),
        config,
      });
      await api.register(inscriptionRoutes, {
        inscription: new InscriptionService(db, config, settings, mail, app.log),
        config,
      });
      await api.register(settingsRoutes);
      await api.register(preferencesRoutes, { preferences: new PreferencesService(db) });
      await api.register(notificationsRoutes, { notifications: new NotificationsService(db) });
      await api.register(mediaRoutes, { media });
      await api.register(sitesRoutes, { sites: new SitesService(db, media) });
      await api.register(produitsRoutes, { produits: new ProduitsService(db, media) });
      await api.register(favorisRoutes, { favoris: new FavorisService(db, media) });
      await api.register(membresRoutes, { membres: new MembresService(db, media) });
      await api.register(echeanciersRoutes, { echeanciers: new EcheanciersService(db, settings) });
      await api.register(retardsRoutes, { retards: new RetardsService(db, settings), db, settings });
      await api.register(rappelsRoutes, { rappels });
      await api.register(personnelRoutes, { personnel: new PersonnelService(db, app.settings, media) });
      await api.register(utilisateursRoutes, { utilisateurs: new UtilisateursService(db, app.settings, media) });
      await api.register(demandesRoutes, { demandes: new DemandesService(db, settings, mail, app.log), config });
      await api.register(banquesRoutes, { banques: new BanquesService(db) });
      await api.register(relevesBancairesRoutes, { releves: new RelevesBancairesService(db) });
      const versements = new VersementsService(db, media, notices);
      await api.register(versementsRoutes, { versements, media });
      await api.register(rapprochementsRoutes, { rapprochements: new RapprochementsService(db, versements, settings) });
      await api.register(cloturesRoutes, { clotures: new CloturesService(db, settings) });
      await api.register(exportsRoutes, { db, settings });
      await api.register(comptabiliteRoutes, { db, settings });
      await api.register(controlesRoutes, { controles });
      await api.register(depensesRoutes, { depenses: new DepensesService(db, media, notices), media });
      await api.register(chantiersRoutes, { chantiers: new ChantiersService(db, media) });
      await api.register(auditRoutes, { audit: new AuditService(db) });
      await api.register(dashboardRoutes, { dashboard: new DashboardService(db, settings) });
      await api.register(sauvegardesRoutes, { sauvegardes });
      await api.register(remboursementsRoutes, {
        remboursements: new RemboursementsService(db, media, notices),
        media,
      });
      await api.register(recusRoutes, {
        recus: new RecusService(db, settings, config),
        releves,
      });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** Serves the built web app; any other GET outside /api gets index.html (client-side routes). */
async function registerWebApp(app: App, webDist: string) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // name.br / name.gz written by the build, sent as they are to browsers that accept them.
      preCompressed: true,
      setHeaders: (res, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && request.method === 'GET' && !request.url.startsWith('/api')) {
      // cacheControl off: @fastify/static would replace no-cache by its own max-age=0.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', webDist, { cacheControl: false });
    }
    const body: ErrorBody = { success: false, message: MESSAGES.notFound, code: 'NOT_FOUND' };
    return reply.status(404).send(body);
  });
}
