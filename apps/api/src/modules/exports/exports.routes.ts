import {
  auditListQuerySchema,
  BANQUE_MESSAGES,
  chantierListQuerySchema,
  demandeListQuerySchema,
  depenseListQuerySchema,
  idParamsSchema,
  ligneReleveListQuerySchema,
  membreListQuerySchema,
  mouvementListQuerySchema,
  personnelListQuerySchema,
  produitListQuerySchema,
  remboursementListQuerySchema,
  siteListQuerySchema,
  utilisateurListQuerySchema,
  versementListQuerySchema,
} from '@app/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { allRowsOf } from '../../db/paging.ts';
import { AppError } from '../../errors.ts';
import { auditList } from '../audit/audit.repository.ts';
import { findBanque } from '../banques/banques.repository.ts';
import { mouvementsList } from '../banques/ledger.repository.ts';
import { chantiersList } from '../chantiers/chantiers.repository.ts';
import { demandesList } from '../demandes/demandes.repository.ts';
import { ownerOf } from '../demandes/demandes.service.ts';
import { depensesList } from '../depenses/depenses.repository.ts';
import { membresList } from '../membres/membres.repository.ts';
import { personnelList } from '../personnel/personnel.repository.ts';
import { produitsList } from '../produits/produits.repository.ts';
import { seesInactive } from '../produits/produits.service.ts';
import { lignesList } from '../releves-bancaires/releves-bancaires.repository.ts';
import { remboursementsList } from '../remboursements/remboursements.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { sitesList } from '../sites/sites.repository.ts';
import { seesInactiveSites } from '../sites/sites.service.ts';
import { accountsList } from '../utilisateurs/utilisateurs.repository.ts';
import { versementsList } from '../versements/versements.repository.ts';
import { exportRoute } from './export-route.ts';

/**
 * The exports of the lists (issue 27), each at `<list path>/export`: the list's right, query schema
 * and definition (its filters, scope, order and joins, as its pages use them) and its columns
 * (packages/shared exports.ts).
 */
export const exportsRoutes: FastifyPluginAsync<{ db: Database; settings: SettingsService }> = async (app, deps) => {
  const { db } = deps;
  /** A bank's lists answer 404 for a bank that does not exist, as their pages do. */
  const banque = async (id: number) => {
    if (!(await findBanque(db, id))) throw new AppError('NOT_FOUND', BANQUE_MESSAGES.notFound);
  };

  exportRoute(app, deps, {
    path: '/versements',
    list: 'versements',
    right: 'versements.read',
    tag: 'versements',
    querystring: versementListQuerySchema,
    rows: (caller, query) => allRowsOf(versementsList(db, caller.scope, query)),
  });
  exportRoute(app, deps, {
    path: '/depenses',
    list: 'depenses',
    right: 'depenses.read',
    tag: 'depenses',
    querystring: depenseListQuerySchema,
    rows: (caller, query) => allRowsOf(depensesList(db, caller.scope, query)),
  });
  exportRoute(app, deps, {
    path: '/remboursements',
    list: 'remboursements',
    right: 'remboursements.read',
    tag: 'remboursements',
    querystring: remboursementListQuerySchema,
    rows: (caller, query) => allRowsOf(remboursementsList(db, caller.scope, query)),
  });
  for (const [path, right] of [
    ['/membres', 'membres.read'],
    ['/membres/mes-clients', 'membres.mes_clients'],
  ] as const) {
    exportRoute(app, deps, {
      path,
      list: 'membres',
      right,
      tag: 'membres',
      querystring: membreListQuerySchema,
      rows: (caller, query) => allRowsOf(membresList(db, caller.scope, query)),
    });
  }
  exportRoute(app, deps, {
    path: '/demandes',
    list: 'demandes',
    right: 'demandes.read',
    tag: 'demandes',
    querystring: demandeListQuerySchema,
    rows: (caller, query) => allRowsOf(demandesList(db, query, ownerOf(caller))),
  });
  exportRoute(app, deps, {
    path: '/personnel',
    list: 'personnel',
    right: 'personnel.read',
    tag: 'personnel',
    querystring: personnelListQuerySchema,
    rows: (_caller, query) => allRowsOf(personnelList(db, query)),
  });
  exportRoute(app, deps, {
    path: '/utilisateurs',
    list: 'utilisateurs',
    right: 'utilisateurs.read',
    tag: 'utilisateurs',
    querystring: utilisateurListQuerySchema,
    rows: (_caller, query) => allRowsOf(accountsList(db, query)),
  });
  exportRoute(app, deps, {
    path: '/produits',
    list: 'produits',
    right: 'produits.read',
    tag: 'produits',
    querystring: produitListQuerySchema,
    rows: (caller, query) => allRowsOf(produitsList(db, query, !seesInactive(caller))),
  });
  exportRoute(app, deps, {
    path: '/sites',
    list: 'sites',
    right: 'sites.read',
    tag: 'sites',
    querystring: siteListQuerySchema,
    rows: (caller, query) => allRowsOf(sitesList(db, query, !seesInactiveSites(caller))),
  });
  exportRoute(app, deps, {
    path: '/chantiers',
    list: 'chantiers',
    right: 'chantiers.read',
    tag: 'chantiers',
    querystring: chantierListQuerySchema,
    rows: (caller, query) => allRowsOf(chantiersList(db, caller.scope, query)),
  });
  exportRoute(app, deps, {
    path: '/audit',
    list: 'audit',
    right: 'audit.read',
    tag: 'audit',
    querystring: auditListQuerySchema,
    rows: (_caller, query) => allRowsOf(auditList(db, query)),
  });
  exportRoute(app, deps, {
    path: '/banques/:id/mouvements',
    list: 'mouvements',
    right: 'banques.read',
    tag: 'banques',
    params: idParamsSchema,
    querystring: mouvementListQuerySchema,
    rows: async (_caller, query, { id }) => {
      await banque(id);
      return allRowsOf(mouvementsList(db, id, query));
    },
  });
  exportRoute(app, deps, {
    path: '/banques/:id/lignes',
    list: 'lignes_releve',
    right: 'banques.releves',
    tag: 'banques',
    params: idParamsSchema,
    querystring: ligneReleveListQuerySchema,
    rows: async (_caller, query, { id }) => {
      await banque(id);
      return allRowsOf(lignesList(db, id, query));
    },
  });
};
