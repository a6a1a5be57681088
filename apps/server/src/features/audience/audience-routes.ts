import { audienceCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as extra from './extra-fields-service.ts';
import * as fav from './fav-inviter-service.ts';
import * as people from './people-service.ts';
import { listRecords } from './record-service.ts';
import * as tags from './tag-service.ts';

export function registerAudienceRoutes(server: FastifyInstance, ctx: AppContext) {
  const db = ctx.db;
  registerCalls(server, audienceCalls, {
    searchAudience: ({ caller, query }) => people.searchAudience(db, caller, query),
    listAudience: ({ caller, query }) => people.listAudience(db, caller, query),
    getAudiencePerson: ({ caller, params }) => people.getPerson(db, caller, params.id),
    updateAudiencePerson: ({ caller, params, body }) => people.updatePerson(db, caller, params.id, body),
    deleteAudiencePerson: ({ caller, params }) => people.deletePerson(db, caller, params.id),
    setBlockManagement: ({ caller, params, body }) => people.setBlocked(db, caller, params.id, body.isBlocked),
    setPersonTags: ({ caller, params, body }) => tags.setPersonTags(db, caller, params.id, body.tagIds),
    createAudienceTag: ({ caller, body }) => tags.createTag(db, caller, body.name),
    listAudienceTags: ({ caller, query }) => tags.listTags(db, caller, query),
    getAudienceTag: ({ caller, params }) => tags.getTag(db, caller, params.id),
    renameAudienceTag: ({ caller, params, body }) => tags.renameTag(db, caller, params.id, body.name),
    deleteAudienceTag: ({ caller, params }) => tags.deleteTag(db, caller, params.id),
    addFavInviter: ({ caller, body }) => fav.addFavInviter(db, caller, body.userId),
    removeFavInviter: ({ caller, body }) => fav.removeFavInviter(db, caller, body.userId),
    listFavInviters: ({ caller, query }) => fav.listFavInviters(db, caller, query),
    getUserExtraConf: ({ caller, params }) => extra.getExtraConf(db, caller, params.agentId),
    saveUserExtraConf: ({ caller, params, body }) => extra.saveExtraConf(db, caller, params.agentId, body),
    listPersonVisits: ({ caller, params, query }) => listRecords(db, caller, 'visits', params, query),
    listPersonPays: ({ caller, params, query }) => listRecords(db, caller, 'pay', params, query),
    listPersonShares: ({ caller, params, query }) => listRecords(db, caller, 'share', params, query),
    listPersonQuestions: ({ caller, params, query }) => listRecords(db, caller, 'question', params, query),
    listPersonComments: ({ caller, params, query }) => listRecords(db, caller, 'comment', params, query),
    listPersonCheckins: ({ caller, params, query }) => listRecords(db, caller, 'checkin', params, query),
    listPersonVotes: ({ caller, params, query }) => listRecords(db, caller, 'vote', params, query),
    listPersonGifts: ({ caller, params, query }) => listRecords(db, caller, 'gift', params, query),
    listPersonRedPackets: ({ caller, params, query }) => listRecords(db, caller, 'hb', params, query),
  });
}
