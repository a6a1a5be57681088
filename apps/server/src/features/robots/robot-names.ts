import { randomInt } from 'node:crypto';
import {
  ROBOT_AVATAR_COUNT,
  ROBOT_AVATAR_PATH,
  ROBOT_NICKNAME_MAX_LENGTH,
  type RobotProfile,
  type RobotTemplate,
  type RobotTemplateKey,
} from '@yanbo/contracts';

// Random robot nicknames in the style of a template: each style is a few word lists put together the way real
// viewers name themselves, so a chat of robots reads like a crowd rather than "robot 1, robot 2".

export const ROBOT_TEMPLATES: readonly RobotTemplate[] = [
  { key: 'general', name: '通用', description: '常见网友昵称，如“爱吃橘子的猫”' },
  { key: 'student', name: '学生', description: '校园风格，如“考研的小王”' },
  { key: 'office', name: '职场', description: '职场风格，如“产品经理小林”' },
  { key: 'latin', name: '英文', description: '英文昵称，如“Lucky_Mia”' },
];

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)] as T;

const STYLES: Record<RobotTemplateKey, () => string> = {
  general: () =>
    pick([
      () =>
        `${pick(['爱吃', '喜欢', '想念', '路过的', '会飞的', '不睡觉的'])}${pick(['橘子', '火锅', '星星', '晚风', '奶茶', '月亮'])}的${pick(['猫', '鱼', '熊', '兔子', '小狐狸', '企鹅'])}`,
      () =>
        `${pick(['阳光', '安静', '快乐', '微笑', '晴天', '清风'])}${pick(['小', '大', '阿'])}${pick(['鹿', '树', '鱼', '橙', '云', '米'])}`,
      () =>
        `${pick(['一只', '一颗', '一朵'])}${pick(['柠檬', '芒果', '棉花糖', '白云', '小草'])}${pick(['', '呀', '吖', '~'])}`,
    ])(),
  student: () =>
    `${pick(['考研的', '大一', '大三', '图书馆的', '早八的', '实验室的', '复习中的', '高三'])}${pick(['小王', '小李', '学姐', '学长', '同学', '小陈', '阿杰', '小周'])}`,
  office: () =>
    `${pick(['产品经理', '运营', '设计师', '程序员', '销售', '打工人', 'HR', '财务'])}${pick(['小林', '小张', 'Amy', '老王', '阿伟', '小刘', 'Kevin', '小赵'])}`,
  latin: () =>
    `${pick(['Lucky', 'Sunny', 'Happy', 'Cool', 'Tiny', 'Blue', 'Star', 'Moon'])}${pick(['_', '', '.'])}${pick(['Mia', 'Leo', 'Amy', 'Max', 'Zoe', 'Sam', 'Ivy', 'Tom'])}${pick(['', '', String(randomInt(10, 99))])}`,
};

/** A built-in avatar's address, 1 to ROBOT_AVATAR_COUNT. */
export const robotAvatarUrl = (n: number) => `${ROBOT_AVATAR_PATH}/${n}.svg`;

/** `count` random robots of a template, nicknames distinct within the batch where the style allows. */
export function randomRobotProfiles(template: RobotTemplateKey, count: number): RobotProfile[] {
  const seen = new Set<string>();
  const out: RobotProfile[] = [];
  for (let attempt = 0; out.length < count && attempt < count * 20; attempt++) {
    const nickname = STYLES[template]().slice(0, ROBOT_NICKNAME_MAX_LENGTH);
    if (seen.has(nickname) && attempt < count * 10) continue;
    seen.add(nickname);
    out.push({ nickname, avatar: robotAvatarUrl(randomInt(1, ROBOT_AVATAR_COUNT + 1)) });
  }
  return out;
}
