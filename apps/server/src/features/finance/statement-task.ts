import { ERROR_MESSAGES, STATEMENT_TASK_KIND, statementTaskParams } from '@yanbo/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { TaskError, type TaskKind } from '../../platform/tasks/task-queue.ts';
import { newPdfDocument } from '../download-center/index.ts';
import { ACCOUNT_NAMES, monthInstants, statementAccounts, statementLines, yuanOf } from './statement.ts';

// The monthly statement's PDF, made by the download center's worker as a task of its own kind (POST /v3/task with
// kind finance-statement and params.month), drawn with the report's CJK font. Its figures are the JSON statement's.

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;
const BLUE = '#1677ff';
const GREY = '#8c8c8c';
const TEXT = '#262626';
/** Entries drawn in the PDF; a month beyond it says so and points at the CSV, which has them all. */
const PDF_LINES = 5000;

type Params = z.infer<typeof statementTaskParams>;

function row(doc: PDFKit.PDFDocument, cells: string[], widths: number[], options: { bold?: boolean } = {}) {
  if (doc.y > PAGE.height - PAGE.margin - 20) doc.addPage();
  const y = doc.y;
  let x = PAGE.margin;
  doc.fillColor(options.bold ? BLUE : TEXT).fontSize(8.5);
  cells.forEach((cell, index) => {
    const width = widths[index] ?? 60;
    const alignRight = index >= cells.length - 4 && index > 0 && /^-?\d/.test(cell);
    doc.text(cell, x, y, { width: width - 4, align: alignRight ? 'right' : 'left', lineBreak: false, ellipsis: true });
    x += width;
  });
  doc.x = PAGE.margin;
  doc.y = y + 14;
}

export function statementTaskKind(ctx: Pick<AppContext, 'db'>): TaskKind<Params> {
  return {
    kind: STATEMENT_TASK_KIND,
    params: statementTaskParams,
    needsActivity: false,
    fileName: (params) => `对账单-${params.month}.pdf`,
    async run(task) {
      // The statement is the main account's (seed 001 §6): a sub-account's task is refused in the worker too.
      if (task.subagentId !== null) throw new TaskError('Sub-account is not allowed to do this');
      const agent = await ctx.db
        .selectFrom('agents')
        .select(['id', 'company'])
        .where('id', '=', task.agentId)
        .executeTakeFirst();
      if (!agent) throw new TaskError(ERROR_MESSAGES.agentNotFound);
      const { month } = task.params;
      const accounts = await statementAccounts(ctx.db, agent.id, month);
      await task.progress(1, 3);
      const doc = await newPdfDocument({
        size: 'A4',
        margin: PAGE.margin,
        info: { Title: `对账单 ${month}`, Creator: '演播 Yanbo' },
      });
      const { from, to } = monthInstants(month);
      doc.fillColor(TEXT).fontSize(20).text(`月度对账单 ${month}`, { width: CONTENT_WIDTH });
      doc
        .fillColor(GREY)
        .fontSize(10)
        .text(
          `${agent.company || `代理商 ${agent.id}`}（ID ${agent.id}）　区间：${from.toISOString()} 至 ${to.toISOString()}（北京时间整月）`,
        );
      doc.text('金额单位：元；借方为正、贷方为负，与账本记录一致。期初 + 借方 − 贷方 = 期末。');
      doc.moveDown();
      const summaryWidths = [150, 90, 80, 80, 90];
      row(doc, ['账户', '期初', '借方', '贷方', '期末'], summaryWidths, { bold: true });
      for (const account of accounts)
        row(
          doc,
          [
            ACCOUNT_NAMES[account.account] ?? account.account,
            yuanOf(account.opening),
            yuanOf(account.debits),
            yuanOf(account.credits),
            yuanOf(account.closing),
          ],
          summaryWidths,
        );
      if (accounts.length === 0) row(doc, ['本月及以前没有账目'], [CONTENT_WIDTH]);
      doc.moveDown();
      doc.fillColor(TEXT).fontSize(13).text('本月明细', PAGE.margin);
      doc.moveDown(0.4);
      const lineWidths = [92, 88, 170, 70, 79];
      row(doc, ['时间', '账户', '摘要', '借方', '贷方'], lineWidths, { bold: true });
      let drawn = 0;
      let more = false;
      for await (const lines of statementLines(ctx.db, agent.id, month)) {
        for (const line of lines) {
          if (drawn >= PDF_LINES) {
            more = true;
            break;
          }
          const at = new Date(line.createdAt.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
          row(
            doc,
            [
              at,
              ACCOUNT_NAMES[line.account] ?? line.account,
              line.memo,
              line.amount > 0 ? yuanOf(line.amount) : '',
              line.amount < 0 ? yuanOf(-line.amount) : '',
            ],
            lineWidths,
          );
          drawn += 1;
        }
        if (more) break;
      }
      if (more) doc.fillColor(GREY).fontSize(9).text(`仅列出前 ${PDF_LINES} 条，完整明细请下载 CSV。`, PAGE.margin);
      await task.progress(2, 3);
      doc.end();
      return { fileName: `对账单-${month}.pdf`, contentType: 'application/pdf', body: doc };
    },
  };
}
