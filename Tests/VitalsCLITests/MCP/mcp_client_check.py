"""Drives `vitals mcp` with the official MCP Python client (PyPI `mcp`), as an assistant's client would.

Usage: python mcp_client_check.py VITALS DB ZONE CALLS_JSON
Starts `VITALS mcp --db DB --tz ZONE` over stdio, initializes, lists the tools and calls each
(name, arguments) pair of CALLS_JSON in order. Prints one JSON document on stdout:
{"server": ..., "protocolVersion": ..., "tools": [{name, inputSchema, readOnly}],
 "calls": [{name, arguments, isError, text, structured}]}.
"""
import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def main() -> None:
    vitals, db, zone, calls = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
    params = StdioServerParameters(command=vitals, args=["mcp", "--db", db, "--tz", zone])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            listed = await session.list_tools()
            answers = []
            for name, arguments in calls:
                result = await session.call_tool(name, arguments)
                answers.append({
                    "name": name, "arguments": arguments, "isError": bool(result.is_error),
                    "text": result.content[0].text if result.content else None,
                    "structured": result.structured_content,
                })
            print(json.dumps({
                "server": init.server_info.name, "protocolVersion": init.protocol_version,
                "tools": [{"name": tool.name, "inputSchema": tool.input_schema,
                           "readOnly": bool(tool.annotations and tool.annotations.read_only_hint)}
                          for tool in listed.tools],
                "calls": answers,
            }))


asyncio.run(main())
