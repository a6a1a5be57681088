import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, ok, pageQuery } from './common.ts';

// Virtual audience (seed 000 §3 "configure virtual audience robots", §7 "Robots"; issue 10): the robots an agent keeps,
// each a nickname and an avatar, which post robot comments and make up the virtual part of an online count (always
// shown apart from real viewers). Templates are nickname styles to draw random robots from; avatars are the
// product's own pictures.

export const ROBOT_ERRORS = {
  robotNotFound: 'Robot Not Found',
  tooMany: 'An agent keeps at most 5000 robots',
} as const;

export const ROBOT_PAGE_SIZE = 20;
export const ROBOT_NICKNAME_MAX_LENGTH = 20;
/** Robots added or deleted at once. */
export const ROBOT_BATCH_MAX = 200;
/** Robots one agent may keep. */
export const ROBOTS_PER_AGENT = 5_000;
/** Where the built-in avatars are served: `/robot-avatars/<n>.svg`. */
export const ROBOT_AVATAR_PATH = '/robot-avatars';
export const ROBOT_AVATAR_COUNT = 24;

export const ROBOT_TEMPLATE_KEYS = ['general', 'student', 'office', 'latin'] as const;
export const robotTemplateKey = z.enum(ROBOT_TEMPLATE_KEYS);
export type RobotTemplateKey = z.infer<typeof robotTemplateKey>;

export const robotTemplate = z.object({ key: robotTemplateKey, name: z.string(), description: z.string() });
export const robotTemplateList = z.object({ items: z.array(robotTemplate) });
export type RobotTemplate = z.infer<typeof robotTemplate>;

export const robotAvatarList = z.object({ items: z.array(z.object({ url: z.string() })) });

/** A built-in avatar's address; any other picture is refused, so a robot never points at someone else's file. */
export const robotAvatar = z
  .string()
  .regex(new RegExp(`^${ROBOT_AVATAR_PATH}/([1-9]|1\\d|2[0-4])\\.svg$`), 'Choose one of the robot avatars');

const nickname = z
  .string()
  .trim()
  .min(1, 'Nickname is required')
  .max(ROBOT_NICKNAME_MAX_LENGTH, `Nickname must be at most ${ROBOT_NICKNAME_MAX_LENGTH} characters`);

export const robotProfile = z.object({ nickname, avatar: robotAvatar });
export type RobotProfile = z.infer<typeof robotProfile>;

export const robot = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  createdAt: isoDateTime,
});
export type Robot = z.infer<typeof robot>;
export const robotList = listOf(robot);
export type RobotList = z.infer<typeof robotList>;

export const robotListQuery = pageQuery(ROBOT_PAGE_SIZE).extend({ nickname: z.string().trim().max(20).optional() });
export const randomRobotQuery = z.object({
  template: robotTemplateKey.default('general'),
  count: z.coerce.number().int().min(1).max(ROBOT_BATCH_MAX).default(10),
});
export const randomRobots = z.object({ items: z.array(robotProfile) });
export type RandomRobots = z.infer<typeof randomRobots>;

export const robotsInput = z.object({
  robots: z.array(robotProfile).min(1, 'Add at least one robot').max(ROBOT_BATCH_MAX),
});
export type RobotsInput = z.input<typeof robotsInput>;
export const robotsCreated = z.object({ items: z.array(robot) });
export const robotIds = z.object({ ids: z.array(id).min(1, 'Choose at least one robot').max(ROBOT_BATCH_MAX) });

// An activity's virtual audience (issue 10): while the activity is pushing, the server adds a virtual count to the
// online count its viewers see, on a curve the agent sets (a target reached over a ramp from the push's start, with a
// little jitter), and the agent's robots post comments from a comment library at an interval. The console always
// shows real and virtual apart, and statistics never count robots (they make no visits).

export const VIRTUAL_AUDIENCE_ERRORS = {
  libraryNotFound: 'Comment Library Not Found',
} as const;

/** The most virtual viewers one activity may show. */
export const VIRTUAL_AUDIENCE_MAX = 100_000;
export const VIRTUAL_RAMP_MAX_MINUTES = 600;
export const VIRTUAL_JITTER_MAX_PERCENT = 50;
export const ROBOT_COMMENT_INTERVAL_MIN_SECONDS = 5;
export const ROBOT_COMMENT_INTERVAL_MAX_SECONDS = 3_600;

export const virtualAudience = z.object({
  /** Whether the virtual count is added to the online count viewers see while the activity pushes. */
  enabled: z.boolean(),
  /** Virtual viewers once the ramp is over. */
  target: z.number().int().min(0).max(VIRTUAL_AUDIENCE_MAX),
  /** Minutes from the push's start until the target is reached (0: at once). */
  rampMinutes: z.number().int().min(0).max(VIRTUAL_RAMP_MAX_MINUTES),
  /** How far (± percent) the count wanders around the curve, so it does not look drawn with a ruler. */
  jitterPercent: z.number().int().min(0).max(VIRTUAL_JITTER_MAX_PERCENT),
  /** Whether the robots post comments from the library on their own. */
  commentsEnabled: z.boolean(),
  /** The comment library they draw from (0: the default library). */
  libraryId: z.number().int().min(0).max(2_147_483_647),
  /** Seconds between two robot comments. */
  commentIntervalSeconds: z
    .number()
    .int()
    .min(ROBOT_COMMENT_INTERVAL_MIN_SECONDS)
    .max(ROBOT_COMMENT_INTERVAL_MAX_SECONDS),
});
export type VirtualAudience = z.infer<typeof virtualAudience>;

export const DEFAULT_VIRTUAL_AUDIENCE: VirtualAudience = {
  enabled: false,
  target: 0,
  rampMinutes: 10,
  jitterPercent: 5,
  commentsEnabled: false,
  libraryId: 0,
  commentIntervalSeconds: 30,
};

export const robotCalls = defineCalls('robots', {
  getVirtualAudience: {
    method: 'GET',
    path: '/v3/activity/:id/virtual-audience',
    summary: 'The activity’s virtual audience: the online curve and the robots’ comments',
    access: 'signedIn',
    params: idParams,
    response: virtualAudience,
  },
  setVirtualAudience: {
    method: 'PUT',
    path: '/v3/activity/:id/virtual-audience',
    summary: 'Set the activity’s virtual audience; a live activity’s viewers see the new count within seconds',
    access: 'signedIn',
    params: idParams,
    body: virtualAudience,
    response: virtualAudience,
  },
  listRobotTemplates: {
    method: 'GET',
    path: '/v3/robot-template',
    summary: 'Nickname styles random robots are drawn from',
    access: 'signedIn',
    response: robotTemplateList,
  },
  listRobotAvatars: {
    method: 'GET',
    path: '/v3/robot-avatar',
    summary: 'The built-in robot avatars',
    access: 'signedIn',
    response: robotAvatarList,
  },
  randomRobots: {
    method: 'GET',
    path: '/v3/robot/random',
    summary: 'Random robot nicknames and avatars in a template’s style (nothing is stored)',
    access: 'signedIn',
    query: randomRobotQuery,
    response: randomRobots,
  },
  listRobots: {
    method: 'GET',
    path: '/v3/robot',
    summary: 'The agent’s robots, newest first',
    access: 'signedIn',
    query: robotListQuery,
    response: robotList,
  },
  createRobots: {
    method: 'POST',
    path: '/v3/robot',
    summary: 'Add robots (up to 200 at once)',
    access: 'mainAccount',
    body: robotsInput,
    response: robotsCreated,
  },
  deleteRobots: {
    method: 'DELETE',
    path: '/v3/robot',
    summary: 'Delete robots by id; an id not the agent’s deletes nothing and answers 404',
    access: 'mainAccount',
    body: robotIds,
    response: ok,
  },
});
