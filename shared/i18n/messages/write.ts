// The config writer's refusals (UI-9): the host sends a key and its params, the renderer and
// the CLI say it. `write.<code>` must exist for every WriteErrorCode (the `satisfies` below);
// `write.<code>.<variant>` are the finer cases of one code.
import type { WriteErrorCode } from '../../schemas/write-error';
import { messages } from './define';

const en = {
  'write.conflict': 'the file changed on disk since it was read; reload it and apply the change again',
  'write.parse_error': 'the file does not parse (line {line}, column {column}); fix it by hand, the panel never overwrites it',
  'write.parse_error.notObject': 'the file is not a JSON object; fix it by hand, the panel never overwrites it',
  'write.parse_error.servers': '"{key}" is not an object; fix it by hand, the panel never overwrites it',
  'write.duplicate_key': '"{key}" is written twice at the top level (line {line}, column {column}); the agent uses only the last one: merge them by hand, the panel will not guess',
  'write.duplicate_key.in': '"{key}" is written twice in {container} (line {line}, column {column}); the agent uses only the last one: merge them by hand, the panel will not guess',
  'write.encoding': 'the file is not valid UTF-8 (byte offset {offset}); fix or re-save it as UTF-8 by hand, the panel never rewrites it',
  'write.unreadable': 'the panel will not write this file',
  'write.busy': 'the file is being written by another process; try again in a moment',
  'write.busy.takenOver': 'the write lock was taken over by another process while writing; reload and try again',
  'write.read_only': 'the panel does not write this file',
  'write.read_only.layer': 'the {layer} layer is not a file the panel can write; pick the user or a project layer',
  'write.read_only.outside': '{path} leads to {real}, outside the workspace {workspace}; the panel neither reads nor writes through it (replace the link with a regular file inside the workspace)',
  'write.inline_secret': 'refusing to write a secret into the file: keep it in the keychain',
  'write.invalid_entry': '"{name}" is not a valid {dialect} entry',
  'write.invalid_entry.notObject': 'the entry for "{name}" must be a JSON object',
  'write.invalid_entry.tooDeep': 'the entry for "{name}" is nested more than {depth} levels deep; flatten it',
  'write.invalid_entry.badName': '"{name}" cannot be used as a server name',
  'write.invalid_target': '{profile} has no {layer} layer',
  'write.invalid_target.needsWorkspace': 'the {layer} layer of {profile} needs a workspace (--workspace DIR)',
  'write.invalid_target.snapshot': 'the snapshot is of {other}, not this file',
  'write.unsupported': '{profile} has no per-server enabled switch; remove the server instead (or move it to another file)',
  'write.unsupported.toolFilter': '{profile} has no per-tool setting in its files; only the whole server can be turned off',
  'write.not_found': 'no server "{name}" in this file',
  'write.exists': 'a server "{name}" is already in this file',
  'write.io': 'the file system refused',
  'write.io.read': 'cannot read the file',
  'write.io.lock': 'cannot lock the file for writing',
  'write.io.write': 'cannot write the file',
  'write.io.layout': "the edit did not produce the intended servers, so nothing was written; please report this file's layout",
} as const satisfies Record<`write.${WriteErrorCode}`, string> & Record<string, string>;

/** Every writer message key: a code's sentence or one of its variants. */
export type WriteKey = keyof typeof en;

export const write = messages({
  en,
  zh: {
    'write.conflict': '读取后该文件已在磁盘上被修改；请重新加载后再次应用更改',
    'write.parse_error': '文件无法解析（第 {line} 行第 {column} 列）；请手动修复，面板不会覆盖它',
    'write.parse_error.notObject': '该文件不是 JSON 对象；请手动修复，面板不会覆盖它',
    'write.parse_error.servers': '"{key}" 不是对象；请手动修复，面板不会覆盖它',
    'write.duplicate_key': '"{key}" 在顶层写了两次（第 {line} 行第 {column} 列）；智能体只使用最后一个：请手动合并，面板不会猜测',
    'write.duplicate_key.in': '"{key}" 在 {container} 中写了两次（第 {line} 行第 {column} 列）；智能体只使用最后一个：请手动合并，面板不会猜测',
    'write.encoding': '该文件不是有效的 UTF-8（字节偏移 {offset}）；请手动修复或另存为 UTF-8，面板不会重写它',
    'write.unreadable': '面板不会写入此文件',
    'write.busy': '另一个进程正在写入该文件；请稍后再试',
    'write.busy.takenOver': '写入期间写锁被另一个进程接管；请重新加载后再试',
    'write.read_only': '面板不写入此文件',
    'write.read_only.layer': '{layer} 层不是面板可以写入的文件；请选择用户层或项目层',
    'write.read_only.outside': '{path} 指向工作区 {workspace} 之外的 {real}；面板不会通过它读取或写入（请把这个链接换成工作区内的普通文件）',
    'write.inline_secret': '拒绝把密钥写入文件：请把它保存在钥匙串中',
    'write.invalid_entry': '"{name}" 不是有效的 {dialect} 条目',
    'write.invalid_entry.notObject': '"{name}" 的条目必须是 JSON 对象',
    'write.invalid_entry.tooDeep': '"{name}" 的条目嵌套超过 {depth} 层；请将其展平',
    'write.invalid_entry.badName': '"{name}" 不能用作服务器名称',
    'write.invalid_target': '{profile} 没有 {layer} 层',
    'write.invalid_target.needsWorkspace': '{profile} 的 {layer} 层需要一个工作区（--workspace DIR）',
    'write.invalid_target.snapshot': '快照来自 {other}，而不是此文件',
    'write.unsupported': '{profile} 没有单个服务器的启用开关；请改为移除该服务器（或移到另一个文件）',
    'write.unsupported.toolFilter': '{profile} 的配置文件没有单个工具的设置；只能关闭整个服务器',
    'write.not_found': '此文件中没有服务器 "{name}"',
    'write.exists': '此文件中已有服务器 "{name}"',
    'write.io': '文件系统拒绝了操作',
    'write.io.read': '无法读取该文件',
    'write.io.lock': '无法锁定该文件以写入',
    'write.io.write': '无法写入该文件',
    'write.io.layout': '编辑没有得到预期的服务器，因此没有写入任何内容；请报告此文件的结构',
  },
});
