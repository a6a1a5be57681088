import assert from 'node:assert/strict';
import sharp from 'sharp';
import { api, type Journey, journey, openPhone } from '../harness.ts';

// Photo live (图片直播): the agent makes a photo list for an activity in the console and shows it in the watch page's
// photo tab; a viewer on a phone has the tab open while the photographer uploads several photos at once in the
// console; they appear on the phone without a reload, open full size and turn with a swipe; a photo the console hides
// leaves the phone's grid at once.

/** A camera-like JPEG: stored on its side with EXIF orientation 6, so it is upright only when the server turns it. */
function cameraPhoto(colour: string, width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function photoJourneys(j: Journey) {
  journey(
    'photos: a photo list made in the console; photos uploaded there appear live on a phone’s photo tab, open full size, and a hidden one leaves',
    async () => {
      const agent = await j.newAgent();
      const { id } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '摄影发布会' });

      // The console: /application/photoLive/create, pick the activity, name the list.
      const consolePage = await j.open(`/#access_token=${agent.token}`);
      await consolePage.goto('/application/photoLive');
      await consolePage.getByText('还没有图片直播相册，新建一个吧').waitFor();
      await consolePage.getByRole('button', { name: /新建图片直播/ }).click();
      await consolePage.getByTestId('photo-list-create').waitFor();
      await consolePage.getByLabel('所属活动').click();
      await consolePage.getByLabel('所属活动').fill('摄影发布会');
      await consolePage
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: `摄影发布会（${id}）` })
        .click();
      await consolePage.getByLabel('相册标题').fill('开幕式现场');
      await consolePage.getByRole('button', { name: /创\s*建/ }).click();
      await consolePage.getByText('创建成功').waitFor();
      await consolePage.getByText('还没有照片，上传后观众即可实时看到').waitFor();
      const listId = Number(new URL(consolePage.url()).searchParams.get('listId'));
      assert.ok(listId > 0);

      // The activity's page template: a 图片直播 intro tab, its list chosen among the activity's lists.
      await consolePage.goto(`/board/${id}/template`);
      await consolePage.getByRole('tab', { name: '介绍菜单' }).click();
      await consolePage.getByTestId('intro-add').hover();
      await consolePage.getByTestId('intro-add-photoLive').click();
      const added = consolePage.locator('[data-testid^="intro-tab-"]').last();
      await added.getByLabel('图片直播列表 ID').click();
      await consolePage
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '开幕式现场（0 张）' })
        .click();
      await j.screenshot(consolePage, 'photos-console-template');
      await consolePage.getByTestId('template-save').click();
      await consolePage.getByText('保存成功').first().waitFor();
      const template = await api<{ introTabs: { type: string; photoListId: number | null }[] }>(
        j,
        agent.token,
        'GET',
        `/activity/${id}/template`,
      );
      assert.equal(template.introTabs.find((tab) => tab.type === 'photoLive')?.photoListId, listId);

      // The viewer opens the watch page on a phone and its photo tab, still empty.
      const phone = await openPhone(j, `/watch/${id}`, '小林');
      await phone.getByRole('tab', { name: '图片直播' }).click();
      const tab = phone.getByTestId('photo-live');
      await tab.getByText('开幕式现场').waitFor();
      await tab.getByText('摄影师正在赶来，照片稍后就到').waitFor();
      // The page's socket is up (the chat tab mounts it), so what comes next arrives over it.
      await phone.getByTestId('chat-room').getByText('在线').waitFor({ state: 'attached' });

      // The photographer uploads three photos at once in the console; each shows its progress, then its thumbnail.
      await consolePage.goto(`/application/photoLive/edit?activityId=${id}&listId=${listId}`);
      await consolePage.getByText('还没有照片，上传后观众即可实时看到').waitFor();
      await consolePage.locator('input[type=file]').setInputFiles([
        { name: 'IMG_0001.JPG', mimeType: 'image/jpeg', buffer: await cameraPhoto('#1677ff') },
        { name: 'IMG_0002.JPG', mimeType: 'image/jpeg', buffer: await cameraPhoto('#f5222d') },
        { name: 'IMG_0003.JPG', mimeType: 'image/jpeg', buffer: await cameraPhoto('#52c41a') },
      ]);
      const cards = consolePage.getByTestId('photo-card');
      await consolePage.getByText('共 3 张').waitFor();
      assert.equal(await cards.count(), 3);
      await j.screenshot(consolePage, 'photos-console-uploaded');

      // The phone shows them without a reload, upright (taller than wide) and newest first.
      const items = phone.getByTestId('photo-live-item');
      await phone.getByTestId('photo-live-count').getByText('共 3 张').waitFor();
      assert.equal(await items.count(), 3);
      const thumb = await items
        .first()
        .locator('img')
        .evaluate((img: HTMLImageElement) => ({
          width: img.naturalWidth,
          height: img.naturalHeight,
        }));
      assert.ok(thumb.height > thumb.width, `upright thumbnail: ${JSON.stringify(thumb)}`);
      await j.screenshot(phone, 'photos-phone-grid');

      // Tap: the full-size viewer; a swipe to the left goes to the next photo; 关闭 returns to the grid.
      await items.first().click();
      const viewer = phone.getByTestId('photo-viewer');
      await viewer.getByText('1 / 3').waitFor();
      await phone.getByTestId('photo-viewer-image').evaluate((img: HTMLImageElement) => img.decode());
      await j.screenshot(phone, 'photos-phone-viewer');
      const box = await phone.getByTestId('photo-viewer-image').boundingBox();
      assert.ok(box);
      await phone.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
      await phone.mouse.down();
      await phone.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
      await phone.mouse.up();
      await viewer.getByText('2 / 3').waitFor();
      await viewer.getByRole('button', { name: '下一张' }).click();
      await viewer.getByText('3 / 3').waitFor();
      await viewer.getByRole('button', { name: '关闭' }).click();
      await viewer.waitFor({ state: 'detached' });

      // The console hides the newest photo: it leaves the phone's grid at once, and stays in the console, marked.
      const newest = await items.first().getAttribute('data-photo-id');
      const card = consolePage.locator(`[data-testid="photo-card"][data-photo-id="${newest}"]`);
      await card.getByRole('button', { name: '隐藏' }).click();
      await consolePage.getByText('设置成功').waitFor();
      await card.getByText('已隐藏').waitFor();
      await phone.getByTestId('photo-live-count').getByText('共 2 张').waitFor();
      assert.equal(await phone.locator(`[data-testid="photo-live-item"][data-photo-id="${newest}"]`).count(), 0);
      await j.screenshot(consolePage, 'photos-console-hidden');
      await j.screenshot(phone, 'photos-phone-after-hide');

      // A viewer who opens the page later sees the published photos, not the hidden one.
      const late = await openPhone(j, `/watch/${id}`);
      await late.getByRole('tab', { name: '图片直播' }).click();
      await late.getByTestId('photo-live-count').getByText('共 2 张').waitFor();
      assert.equal(await late.locator(`[data-testid="photo-live-item"][data-photo-id="${newest}"]`).count(), 0);

      // The application's list shows the list with its activity and count.
      await consolePage.goto('/application/photoLive');
      const row = consolePage.getByTestId('photo-lists').getByRole('row', { name: /开幕式现场/ });
      await row.getByText(`摄影发布会（${id}）`).waitFor();
      await row.getByText('（1 张已隐藏）').waitFor();
      await j.screenshot(consolePage, 'photos-console-list');

      // A list that does not exist (or is not this agent's) says so, in a toast and on the page, with the way back.
      await consolePage.goto(`/application/photoLive/edit?activityId=${id}&listId=${listId + 100000}`);
      await consolePage.locator('.ant-result-title').getByText('相册不存在或已被删除').waitFor();
      await consolePage.getByText('相册不存在或已被删除').nth(1).waitFor();
      await consolePage.getByRole('button', { name: '返回列表' }).first().waitFor();
      await j.screenshot(consolePage, 'photos-console-missing');
    },
  );
}
