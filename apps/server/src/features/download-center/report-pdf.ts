import {
  STATS_TIME_ZONE,
  type StatsDevice,
  type StatsInteractive,
  type StatsOnline,
  type StatsOverview,
  type StatsReferrer,
  type StatsRegion,
  type StatsRevenue,
  type StatsTimeline,
  type TopGiftList,
} from '@yanbo/contracts';
import { newPdfDocument } from './pdf-document.ts';

// The post-event report (the seeds' export field type pdf): one A4 PDF per activity with its figures, the visits'
// line chart, the concurrent viewers (real and virtual apart, with their peaks), the interactions and income, the
// devices, browsers, sources and provinces as bars, and the top givers, in Chinese. Charts are drawn as vector
// paths, so they print sharp at any size.

export interface ReportFigures {
  activityName: string;
  generatedAt: Date;
  overview: StatsOverview;
  timeline: StatsTimeline;
  online: StatsOnline;
  interactive: StatsInteractive;
  revenue: StatsRevenue;
  devices: StatsDevice;
  referrers: StatsReferrer;
  regions: StatsRegion;
  topGifts: TopGiftList['items'];
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;
const BLUE = '#1677ff';
const GREEN = '#52c41a';
const ORANGE = '#fa8c16';
const GREY = '#8c8c8c';
const LINE = '#d9d9d9';
const TEXT = '#262626';

const DEVICE_NAMES: Record<string, string> = { mobile: '手机', desktop: '电脑', tablet: '平板', other: '其他' };
const BROWSER_NAMES: Record<string, string> = {
  wechat: '微信',
  chrome: 'Chrome',
  safari: 'Safari',
  firefox: 'Firefox',
  edge: 'Edge',
  opera: 'Opera',
  other: '其他',
};

const number = (value: number) => value.toLocaleString('zh-CN');
function duration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours}小时${minutes}分`;
  if (minutes > 0) return `${minutes}分${rest}秒`;
  return `${rest}秒`;
}
const yuan = (fen: number) =>
  (fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const beijing = (date: Date) =>
  date.toLocaleString('zh-CN', { timeZone: STATS_TIME_ZONE, hour12: false }).replace(/\//g, '-');

type Doc = PDFKit.PDFDocument;

function heading(doc: Doc, text: string) {
  if (doc.y > PAGE.height - PAGE.margin - 140) doc.addPage();
  doc.moveDown(0.8);
  const y = doc.y;
  doc.rect(PAGE.margin, y + 3, 4, 14).fill(BLUE);
  doc
    .fillColor(TEXT)
    .fontSize(14)
    .text(text, PAGE.margin + 12, y, { lineBreak: false });
  doc.x = PAGE.margin;
  doc.y = y + 26;
}

/** The headline figures as a grid of cards. */
function figureCards(doc: Doc, cards: [string, string][]) {
  const perRow = 3;
  const gap = 12;
  const width = (CONTENT_WIDTH - gap * (perRow - 1)) / perRow;
  const height = 58;
  const top = doc.y;
  cards.forEach(([label, value], index) => {
    const x = PAGE.margin + (index % perRow) * (width + gap);
    const y = top + Math.floor(index / perRow) * (height + gap);
    doc.roundedRect(x, y, width, height, 6).lineWidth(0.8).stroke(LINE);
    doc
      .fillColor(GREY)
      .fontSize(10)
      .text(label, x + 12, y + 10, { width: width - 24, lineBreak: false });
    doc
      .fillColor(TEXT)
      .fontSize(18)
      .text(value, x + 12, y + 26, { width: width - 24, lineBreak: false });
  });
  doc.x = PAGE.margin;
  doc.y = top + Math.ceil(cards.length / perRow) * (height + gap);
}

interface Series {
  name: string;
  color: string;
  values: number[];
}

/** Lines over labelled steps, with a value axis, up to six labels under it and a legend. */
function lineChart(doc: Doc, labels: string[], series: Series[], emptyText: string) {
  const height = 150;
  const left = PAGE.margin + 36;
  const width = CONTENT_WIDTH - 40;
  const top = doc.y + 8;
  const bottom = top + height;
  if (labels.length === 0) {
    doc.fillColor(GREY).fontSize(11).text(emptyText, PAGE.margin, top);
    doc.x = PAGE.margin;
    doc.y = top + 24;
    return;
  }
  const max = Math.max(1, ...series.flatMap((line) => line.values));
  const ticks = 4;
  for (let tick = 0; tick <= ticks; tick++) {
    const y = bottom - (height * tick) / ticks;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .stroke(LINE);
    doc
      .fillColor(GREY)
      .fontSize(8)
      .text(number(Math.round((max * tick) / ticks)), PAGE.margin - 4, y - 4, {
        width: 36,
        align: 'right',
        lineBreak: false,
      });
  }
  const xOf = (index: number) => left + (labels.length === 1 ? width / 2 : (width * index) / (labels.length - 1));
  const yOf = (value: number) => bottom - (height * value) / max;
  for (const line of series) {
    // A single step is a dot, not a line of no length.
    if (line.values.length === 1) {
      doc.circle(xOf(0), yOf(line.values[0] ?? 0), 2).fill(line.color);
      continue;
    }
    line.values.forEach((value, index) => {
      if (index === 0) doc.moveTo(xOf(index), yOf(value));
      else doc.lineTo(xOf(index), yOf(value));
    });
    doc.lineWidth(1.5).stroke(line.color);
  }
  const shown = Math.min(6, labels.length);
  for (let label = 0; label < shown; label++) {
    const index = shown === 1 ? 0 : Math.round(((labels.length - 1) * label) / (shown - 1));
    doc
      .fillColor(GREY)
      .fontSize(8)
      .text(labels[index] ?? '', xOf(index) - 36, bottom + 4, { width: 72, align: 'center', lineBreak: false });
  }
  const legendY = bottom + 20;
  series.forEach((line, index) => {
    const x = left + index * 110;
    doc.rect(x, legendY + 3, 14, 3).fill(line.color);
    doc
      .fillColor(TEXT)
      .fontSize(9)
      .text(line.name, x + 18, legendY, { lineBreak: false });
  });
  doc.x = PAGE.margin;
  doc.y = legendY + 18;
}

/** PV and UV over time: from the first bucket with a visit (not the empty start of the range) to the end. */
function timelineChart(doc: Doc, timeline: StatsTimeline) {
  const first = timeline.points.findIndex((point) => point.pv > 0);
  const points = first < 0 ? [] : timeline.points.slice(Math.min(first, Math.max(0, timeline.points.length - 2)));
  lineChart(
    doc,
    points.map((point) => point.time.slice(5)),
    [
      { name: '访问量 PV', color: BLUE, values: points.map((point) => point.pv) },
      { name: '访客数 UV', color: GREEN, values: points.map((point) => point.uv) },
    ],
    '统计区间内暂无访问',
  );
}

/** The concurrent viewers across the pushes, real and virtual apart, and when each peaked. */
function onlineChart(doc: Doc, online: StatsOnline) {
  const minute = (iso: string) => beijing(new Date(iso)).slice(5, 16);
  lineChart(
    doc,
    online.points.map((point) => minute(point.time)),
    [
      { name: '真实观众', color: BLUE, values: online.points.map((point) => point.real) },
      { name: '虚拟观众', color: ORANGE, values: online.points.map((point) => point.virtual) },
    ],
    '统计区间内未直播',
  );
  if (online.points.length === 0) return;
  const peak = (label: string, value: StatsOnline['peakReal']) =>
    value ? `${label} ${number(value.viewers)} 人（${beijing(new Date(value.at))}）` : `${label} —`;
  doc
    .fillColor(TEXT)
    .fontSize(10)
    .text(
      [
        peak('真实观众峰值', online.peakReal),
        peak('虚拟观众峰值', online.peakVirtual),
        peak('合计峰值', online.peakShown),
      ].join('\n'),
      PAGE.margin,
      doc.y,
      { width: CONTENT_WIDTH },
    );
}

/** Horizontal bars, one a row, with the count and share. */
function barChart(doc: Doc, rows: { label: string; value: number }[], emptyText: string) {
  if (rows.length === 0 || rows.every((row) => row.value === 0)) {
    doc.fillColor(GREY).fontSize(11).text(emptyText, PAGE.margin, doc.y);
    return;
  }
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  const max = Math.max(...rows.map((row) => row.value));
  const labelWidth = 110;
  const barWidth = CONTENT_WIDTH - labelWidth - 110;
  for (const row of rows) {
    if (doc.y > PAGE.height - PAGE.margin - 20) doc.addPage();
    const y = doc.y;
    doc
      .fillColor(TEXT)
      .fontSize(10)
      .text(row.label, PAGE.margin, y, { width: labelWidth - 8, lineBreak: false });
    const length = max > 0 ? Math.max(1, (barWidth * row.value) / max) : 1;
    doc.rect(PAGE.margin + labelWidth, y + 1, length, 11).fill(BLUE);
    const share = total > 0 ? ((row.value / total) * 100).toFixed(1) : '0.0';
    doc
      .fillColor(GREY)
      .fontSize(9)
      .text(`${number(row.value)}（${share}%）`, PAGE.margin + labelWidth + length + 6, y + 1, { lineBreak: false });
    doc.x = PAGE.margin;
    doc.y = y + 18;
  }
}

function topGiftTable(doc: Doc, items: TopGiftList['items']) {
  if (items.length === 0) {
    doc.fillColor(GREY).fontSize(11).text('暂无礼物', PAGE.margin, doc.y);
    return;
  }
  const columns: [string, number, 'left' | 'right'][] = [
    ['排名', 50, 'left'],
    ['昵称', 220, 'left'],
    ['礼物数', 100, 'right'],
    ['金额（元）', CONTENT_WIDTH - 370, 'right'],
  ];
  const row = (cells: string[], color: string) => {
    if (doc.y > PAGE.height - PAGE.margin - 20) doc.addPage();
    const y = doc.y;
    let x = PAGE.margin;
    cells.forEach((cell, index) => {
      const [, width, align] = columns[index] ?? ['', 80, 'left'];
      doc
        .fillColor(color)
        .fontSize(10)
        .text(cell, x, y, { width: width - 8, align, lineBreak: false });
      x += width;
    });
    doc
      .moveTo(PAGE.margin, y + 16)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y + 16)
      .lineWidth(0.5)
      .stroke(LINE);
    doc.x = PAGE.margin;
    doc.y = y + 22;
  };
  row(
    columns.map(([title]) => title),
    GREY,
  );
  for (const item of items) {
    row([String(item.rank), item.nickname, number(item.count), yuan(item.amount)], TEXT);
  }
}

/** The report as a PDF stream (pdfkit's document is a Readable): read it to its end to have the whole file. */
export async function drawReport(figures: ReportFigures): Promise<Doc> {
  const { overview } = figures;
  const doc = await newPdfDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `${figures.activityName} 数据报告`, Creator: '演播 Yanbo' },
  });
  doc.fillColor(TEXT).fontSize(22).text(`${figures.activityName} 数据报告`, { width: CONTENT_WIDTH });
  doc
    .fillColor(GREY)
    .fontSize(10)
    .text(
      `统计区间：${overview.range.startTime} 至 ${overview.range.endTime}（北京时间）　生成时间：${beijing(figures.generatedAt)}`,
    );

  heading(doc, '核心数据');
  figureCards(doc, [
    ['访问量（PV）', number(overview.pv)],
    ['访客数（UV）', number(overview.uv)],
    ['人均观看时长', duration(overview.avgWatchTime)],
    ['总观看时长', duration(overview.totalWatchTime)],
    ['最高在线人数', overview.peakOnline === null ? '—' : number(overview.peakOnline)],
    ['今日访问量', number(overview.todayPv)],
  ]);

  heading(doc, figures.timeline.interval === 'hour' ? '访问趋势（每小时）' : '访问趋势（每天）');
  timelineChart(doc, figures.timeline);

  heading(doc, `同时在线人数（每 ${figures.online.stepMinutes} 分钟最高）`);
  onlineChart(doc, figures.online);

  const interactions = figures.interactive.totals;
  const revenue = figures.revenue.totals;
  heading(doc, '互动与收入');
  figureCards(doc, [
    ['评论（真实观众）', number(interactions.comment)],
    ['评论（虚拟观众）', number(interactions.robotComment)],
    ['投票', number(interactions.avote)],
    ['礼物', number(interactions.gift)],
    ['问答', number(interactions.qa)],
    ['签到', number(interactions.checkin)],
    ['打赏收入（元）', yuan(revenue.giftReward)],
    ['付费观看收入（元）', yuan(revenue.perView)],
    ['收入合计（元）', yuan(revenue.income)],
  ]);

  heading(doc, '终端分布');
  barChart(
    doc,
    figures.devices.devices.map((row) => ({ label: DEVICE_NAMES[row.device] ?? row.device, value: row.visits })),
    '暂无访问',
  );
  heading(doc, '浏览器分布');
  barChart(
    doc,
    figures.devices.browsers.map((row) => ({ label: BROWSER_NAMES[row.browser] ?? row.browser, value: row.visits })),
    '暂无访问',
  );

  heading(doc, '访问来源（推广渠道）');
  barChart(
    doc,
    figures.referrers.ditches.slice(0, 10).map((row) => ({
      label: row.sign === null ? '直接访问' : (row.name ?? `已删除渠道 ${row.sign}`),
      value: row.visits,
    })),
    '暂无访问',
  );
  heading(doc, '访问来源（来源网站）');
  barChart(
    doc,
    figures.referrers.referrers.slice(0, 10).map((row) => ({ label: row.host || '直接访问', value: row.visits })),
    '暂无访问',
  );

  heading(doc, '地域分布（省份）');
  barChart(
    doc,
    figures.regions.provinces.slice(0, 10).map((row) => ({ label: row.province, value: row.visits })),
    '暂无访问',
  );
  heading(doc, '地域分布（城市）');
  barChart(
    doc,
    figures.regions.cities.slice(0, 10).map((row) => ({
      label: row.city && row.city !== row.province ? `${row.province} ${row.city}` : row.province,
      value: row.visits,
    })),
    '暂无访问',
  );

  heading(doc, '礼物排行');
  topGiftTable(doc, figures.topGifts);
  doc.end();
  return doc;
}
