"""moto_server at DynamoDB's complexity: Scaleout's patches over moto 5.2.1, in one place.

The local runtime starts moto_server through this file (``python3 scaleout_moto.py -H host -p port``; ``--check``
only verifies the version and applies the patches). Each patch keeps moto's own code in charge of the semantics and
removes only work that grows with the table instead of with the items an operation touches. Upstream code each one
replaces or wraps (moto 5.2.1):

1. ``Table.query`` (moto/dynamodb/models/table.py): every Query, on the table or an index, whatever its Limit,
   iterated ``Table.all_items()``, which builds and sorts a list of every item of the table (406 ms of CPU for a
   one-item Query at 50,000 items). Here each table keeps, per key schema (the table's own and every index's), its
   partitions in sorted order, maintained on every write (``Table.put_item``, ``Table.delete_item``,
   ``DynamoDBBackend.update_item``, the transaction undo below); a Query hands moto's own query code only the items
   it can return (its partition, cut to the key condition, the ExclusiveStartKey and Limit + 1 by bisection), so
   ordering, filters, projections, counts and LastEvaluatedKey stay moto's.
2. ``DynamoDBBackend.transact_write_items`` (moto/dynamodb/models/__init__.py): every transaction deep-copied each
   table it names, with every stream record ever written, to restore on cancellation (a 2-item transaction: 197 ms
   near empty, 6.1 s at 10,000 items). Here the copy is skipped and an undo log records the items the transaction
   touches before their first write; a cancelled transaction puts them back and drops the stream records it added
   (the unpatched copy's outcome, without replacing the table object under open shard iterators).
3. The JSON responses of GetRecords, Query, Scan, GetItem, BatchGetItem and BatchWriteItem (moto/core/serialize.py
   walks botocore's shapes for every value: about 0.75 ms of CPU per stream record) are written by a serializer of
   ours that knows those six shapes, with the same output; anything else (errors, ConsumedCapacity on a single-item
   read or a query, an unexpected field) goes through moto's serializer. (BatchGetItem's answer always carries
   ConsumedCapacity in moto: before this was handled, every BatchGetItem took the slow path, 40 % of the main moto
   process's CPU in a seed.)
4. ``DynamoDBStreamsBackend.shard_iterators`` (moto/dynamodbstreams/models.py) kept every shard iterator ever
   issued; here the oldest beyond 100,000 are forgotten (DynamoDB's expire after 15 minutes).
5. TransactWriteItems' ``ClientRequestToken`` (moto/dynamodb/responses.py ignored it): as on DynamoDB, a
   transaction that succeeded is not applied again when the same token comes back within 10 minutes with the same
   items (the SDK retries a timed-out attempt with the same token; moto as released applied the retry, whose
   conditions then failed against the first attempt's own writes), and the same token with other items is an
   ``IdempotentParameterMismatchException``.
6. Per-request work that never changes: ``moto.backends.list_of_moto_modules`` listed moto's package directory (and
   stat'ed each entry) twice per request, ``moto.core.responses.method_names_from_class`` ran ``inspect.getmembers``
   on the handler class per request; both are computed once here. werkzeug's line per request (INFO) is not
   logged (a seed writes millions); warnings and errors still are.
7. Every response carries ``x-scaleout-moto: 5.2.1+scaleout`` (moto/moto_server/werkzeug_app.py's
   ``DomainDispatcherApplication``), so the runtime can tell a patched moto behind an endpoint it is given.

8. ``BaseResponse.parse_parameters`` (moto/core/responses.py) parsed every request's JSON body by walking
   botocore's shapes for every value (a 25-item BatchWriteItem: 40,000 calls, about a sixth of its CPU). For the
   data-plane operations (items, queries, batches, transactions) the body is ``json.loads``'d and its
   AttributeValue blobs decoded (base64 to bytes), which is what that walk produced for them; every other operation,
   and any body that is not a JSON object, still goes through it.

9. ``ConditionExpressionParser._lex_condition_expression`` (moto/dynamodb/comparisons.py) and
   ``UpdateExpressionParser.make`` (moto/dynamodb/parsing/expressions.py) tokenized and parsed every expression
   afresh, up to three times per item of a transaction (its validation, the transaction, the update): a seed's
   100-update transactions spent about a quarter of the main moto process's CPU there. Both depend on the
   expression's text alone (names and values are substituted later), so each distinct text is lexed or parsed once:
   a condition's tokens are kept and handed out as new nodes, an update expression's tree is kept pickled and
   unpickled per use (moto's validator rewrites the tree it is given). An expression moto refuses is not kept:
   it is refused again, with moto's own error, each time. At most 10,000 texts of each kind are kept.

10. Isolation (moto/moto_server/werkzeug_app.py's ``DomainDispatcherApplication``): werkzeug serves each request on
   a thread of its own and moto does not isolate them: a write mutates items (and the sorted partitions of patch 1)
   while another request reads or writes them, and a transaction's checks and writes interleave with other requests.
   Here every request runs moto's application (its response built in full) under one lock, handed over in arrival
   order: serializable, as DynamoDB's single-item operations and transactions are, and no slower (the GIL runs one
   thread at a time anyway). The runtime's gate used to give that isolation from outside, holding a write lock for
   the whole round trip through the JVM: the writes a process served were bounded by that round trip, not by moto.

11. ``Table.query`` (moto/dynamodb/models/table.py) deep-copied every item it returned before projecting and
   serializing it (a 1,000-item Query: about 40 % of its CPU; a cold 5-term search reads up to 7,500 postings). With
   patch 10 nothing can change an item between the query and the end of its response, and neither the projections
   nor the serializers change the items they are given, so the query's results are handed on as they are; and an
   item's size, which the query computes twice per item for its 1 MB page limit, is computed once per query.

12. CloudWatch's Smithy RPC v2 CBOR protocol, which the AWS SDK for Java speaks to CloudWatch and moto does not
   serve (its CloudWatch answers the query and JSON 1.0 protocols only): a request to
   ``/service/GraniteServiceVersion20100801/operation/<Operation>`` is decoded (cbor2) and handed to moto as the same
   operation in JSON 1.0, and moto's answer is encoded back, timestamps as CBOR epoch times. The local stream poller
   publishes the consumers' ``IteratorAge`` this way and the admin status page reads it.

13. Keep-alive (werkzeug's ``WSGIRequestHandler``, which moto's server runs with a thread per connection): werkzeug
   answers HTTP/1.0 and closes every connection after its answer, then waits 10 ms for more of the request body to
   discard, so each request to moto paid a TCP connection, a new thread and that wait. Here the handler speaks
   HTTP/1.1 and keeps the connection open (with TCP_NODELAY, else each answer's body waits for the client's delayed
   ACK of its head), and instead of that wait (which on a kept connection would swallow the
   next request) each request's body is read to its end after the answer, exactly its Content-Length (or its last
   chunk): a connection then serves request after request on one thread. A client that asks for ``Connection:
   close`` still gets it.

A different moto version is refused: the patches are written against 5.2.1's internals and checked by Scaleout's
equivalence tests (patched and unpatched moto given the same generated operations give the same answers and the
same stream records).
"""

import base64
import io
import bisect
import calendar
import copy
import json
import pickle
import sys
import threading
import time
from collections import OrderedDict, deque
from datetime import datetime, timezone

MOTO_VERSION = "5.2.1"
MARKER_HEADER = ("x-scaleout-moto", MOTO_VERSION + "+scaleout")
MAX_SHARD_ITERATORS = 100_000
IDEMPOTENCY_WINDOW_SECONDS = 600
MAX_CACHED_EXPRESSIONS = 10_000


def check_version():
    import moto

    if moto.__version__ != MOTO_VERSION:
        sys.exit(
            f"scaleout_moto: moto {moto.__version__} found, the patches are written for moto {MOTO_VERSION} "
            f"(pip install 'moto[server]=={MOTO_VERSION}')"
        )


# ---------------------------------------------------------------------------------------------------------------
# 1. Sorted partitions per key schema
# ---------------------------------------------------------------------------------------------------------------

_query_candidates = threading.local()


class SortedPartitions:
    """One key schema's items (the table's or an index's), grouped by partition key and kept sorted as moto sorts
    them: by the tuple of ``sort_attrs`` (cast values), which ends with the table's own keys and so is unique."""

    def __init__(self, partition_attr, sort_attrs, required_attrs):
        self.partition_attr = partition_attr
        self.sort_attrs = sort_attrs
        self.required_attrs = required_attrs  # an index holds only items that have all of its key attributes
        self.partitions = {}  # partition value (DynamoType) -> (sorted list of sort tuples, {sort tuple: Item})
        self.placed = {}  # table key -> (partition value, sort tuple)

    def place(self, table_key, item):
        self.remove(table_key)
        if item is None:
            return
        attrs = item.attrs
        for name in self.required_attrs:
            if name not in attrs:
                return
        partition = attrs[self.partition_attr]
        sort_key = tuple(attrs[name].cast_value for name in self.sort_attrs)
        keys, items = self.partitions.setdefault(partition, ([], {}))
        bisect.insort(keys, sort_key)
        items[sort_key] = item
        self.placed[table_key] = (partition, sort_key)

    def remove(self, table_key):
        where = self.placed.pop(table_key, None)
        if where is None:
            return
        partition, sort_key = where
        keys, items = self.partitions[partition]
        del keys[bisect.bisect_left(keys, sort_key)]
        del items[sort_key]
        if not keys:
            del self.partitions[partition]

    def candidates(self, partition, range_condition, start_key, forward, limit):
        """The items of ``partition``, in ascending order, that decide what moto's query loop returns: those inside
        the key condition on the first sort attribute and after ``start_key`` in the query's direction, at most
        ``limit`` of them, and then the partition's next item in that direction, whether it meets the condition or
        not (moto reports a LastEvaluatedKey when any item follows the limit-th result)."""
        entry = self.partitions.get(partition)
        if entry is None:
            return []
        keys, items = entry
        n = len(keys)
        lo, hi = 0, n
        if range_condition is not None:
            lo, hi = _condition_bounds(keys, *range_condition)
        if start_key is not None:
            if forward:
                lo = max(lo, bisect.bisect_right(keys, start_key))
            else:
                hi = min(hi, bisect.bisect_left(keys, start_key))
        if hi <= lo:
            return []
        if limit is not None and hi - lo >= limit:
            if forward:
                hi = lo + limit + (1 if lo + limit < n else 0)
            else:
                lo = hi - limit - (1 if hi - limit > 0 else 0)
        return [items[k] for k in keys[lo:hi]]


def _first(sort_key):
    return sort_key[0]


def _condition_bounds(keys, comparison, values):
    """[lo, hi) of the sort tuples whose first element meets the key condition (values are cast values)."""
    n = len(keys)
    op = comparison.upper()
    left = lambda v: bisect.bisect_left(keys, v, key=_first)
    right = lambda v: bisect.bisect_right(keys, v, key=_first)
    if op in ("=", "EQ"):
        return left(values[0]), right(values[0])
    if op in ("<", "LT"):
        return 0, left(values[0])
    if op in ("<=", "LE"):
        return 0, right(values[0])
    if op in (">", "GT"):
        return right(values[0]), n
    if op in (">=", "GE"):
        return left(values[0]), n
    if op == "BETWEEN":
        return left(values[0]), right(values[1])
    if op == "BEGINS_WITH":
        prefix = values[0]
        lo = left(prefix)
        hi = lo
        # every value with the prefix sorts at or after it, and they are contiguous
        while hi < n and _starts_with(keys[hi][0], prefix):
            hi += 1
        return lo, hi
    raise _Unsupported(op)


def _starts_with(value, prefix):
    try:
        return value.startswith(prefix)
    except (AttributeError, TypeError):
        return False


class _Unsupported(Exception):
    """A query this layer does not narrow down: moto's own full query runs instead."""


def _schemas(table):
    """Name (None for the table) -> (partition attribute, sort attributes, required attributes), as moto's query
    derives its hash and range attributes for the table and for each index."""
    from moto.dynamodb.models.table import GlobalSecondaryIndex

    schemas = {}
    if table.range_key_attr:
        schemas[None] = (table.hash_key_attr, [table.range_key_attr], [table.hash_key_attr, table.range_key_attr])
    for index in table.all_indexes():
        hash_keys = [k["AttributeName"] for k in index.schema if k["KeyType"] == "HASH"]
        range_keys = [k["AttributeName"] for k in index.schema if k["KeyType"] == "RANGE"]
        if len(hash_keys) != 1 or len(range_keys) > 1:
            continue  # multi-attribute keys: moto's full query
        if range_keys:
            range_attrs = [range_keys[0], table.range_key_attr]
        elif isinstance(index, GlobalSecondaryIndex) and table.range_key_attr:
            range_attrs = [table.range_key_attr, table.range_key_attr]
        else:
            range_attrs = [table.hash_key_attr, table.range_key_attr]
        sort_attrs = table._generate_attr_to_sort_by(hash_keys + [table.hash_key_attr], range_attrs)[1:]
        schemas[index.name] = (hash_keys[0], sort_attrs, hash_keys + range_keys)
    return schemas


def _indexes(table):
    """The table's sorted partitions, built on first use from its items, then kept on every write."""
    built = table.__dict__.get("_scaleout_partitions")
    if built is None:
        built = {}
        items = {}
        for hash_value, stored in table.items.items():
            if table.range_key_attr:
                for range_value, item in stored.items():
                    items[(hash_value, range_value)] = item
            else:
                items[(hash_value, None)] = stored
        for name, (partition_attr, sort_attrs, required) in _schemas(table).items():
            partitions = SortedPartitions(partition_attr, sort_attrs, required)
            for table_key, item in items.items():
                partitions.place(table_key, item)
            built[name] = partitions
        table.__dict__["_scaleout_partitions"] = built
    return built


def _stored(table, table_key):
    hash_value, range_value = table_key
    stored = table.items.get(hash_value)
    if stored is None:
        return None
    if table.range_key_attr:
        return stored.get(range_value)
    return stored


def _reindex(table, table_key):
    built = table.__dict__.get("_scaleout_partitions")
    if built:
        item = _stored(table, table_key)
        for partitions in built.values():
            partitions.place(table_key, item)


def _forget_indexes(table):
    table.__dict__.pop("_scaleout_partitions", None)


def _plan_query(table, hash_key, range_comparison, range_objs, limit, exclusive_start_key, scan_index_forward,
                index_name, hash_key_conditions, range_key_conditions, filter_kwargs):
    """The candidate items for moto's query loop, or None when this query is left to moto's full query."""
    if filter_kwargs or hash_key is None:
        return None
    if hash_key_conditions and len(hash_key_conditions) > 1:
        return None
    if range_key_conditions and len(range_key_conditions) > 1:
        return None
    if index_name is None and not table.range_key_attr:
        item = table.items.get(hash_key)
        return [] if item is None else [item]
    partitions = _indexes(table).get(index_name)
    if partitions is None:
        return None
    range_condition = None
    if range_comparison:
        condition_attr = range_key_conditions[-1][0] if range_key_conditions else partitions.sort_attrs[0]
        if condition_attr != partitions.sort_attrs[0]:
            return None
        range_condition = (range_comparison, [v.cast_value for v in range_objs])
    start_key = None
    if exclusive_start_key is not None:
        from moto.dynamodb.models.dynamo_type import DynamoType

        if any(name not in exclusive_start_key for name in partitions.sort_attrs):
            return None
        start_key = tuple(DynamoType(exclusive_start_key[name]).cast_value for name in partitions.sort_attrs)
    return partitions.candidates(hash_key, range_condition, start_key, scan_index_forward is not False, limit)


# ---------------------------------------------------------------------------------------------------------------
# 2. Transactions with an undo log
# ---------------------------------------------------------------------------------------------------------------

_transaction = threading.local()


class UndoLog:
    """What a transaction changed, to put back if it is cancelled: each item as it was before the transaction's
    first write to it, and the length of every stream before the transaction began."""

    def __init__(self, backend):
        self.before = OrderedDict()  # (table, table key) -> (item copy or None, partition existed)
        self.stream_lengths = [
            (table, len(table.stream_shard.items)) for table in backend.tables.values() if table.stream_shard
        ]

    def record(self, table, table_key):
        entry = (id(table), table_key)
        if entry in self.before:
            return
        hash_value, _ = table_key
        self.before[entry] = (table, table_key, copy.deepcopy(_stored(table, table_key)),
                              hash_value in table.items)

    def undo(self):
        for table, table_key, item, partition_existed in reversed(self.before.values()):
            hash_value, range_value = table_key
            if table.range_key_attr:
                if item is not None:
                    table.items[hash_value][range_value] = item
                else:
                    partition = table.items.get(hash_value)
                    if partition is not None:
                        partition.pop(range_value, None)
                        if not partition and not partition_existed:
                            del table.items[hash_value]
            elif item is not None:
                table.items[hash_value] = item
            else:
                table.items.pop(hash_value, None)
            _reindex(table, table_key)
        for table, length in self.stream_lengths:
            del table.stream_shard.items[length:]


def _record_before_write(table, table_key):
    log = getattr(_transaction, "log", None)
    if log is not None and table_key is not None:
        log.record(table, table_key)


def _key_of_attrs(table, attrs):
    from moto.dynamodb.models.dynamo_type import DynamoType

    try:
        hash_value = DynamoType(attrs[table.hash_key_attr])
        range_value = DynamoType(attrs[table.range_key_attr]) if table.range_key_attr else None
        return hash_value, range_value
    except (KeyError, TypeError, IndexError, AttributeError):
        return None  # moto rejects the request itself


def _key_of_update(table, key):
    from moto.dynamodb.models.dynamo_type import DynamoType

    try:
        if table.hash_key_attr in key and table.range_key_attr in key:
            return DynamoType(key[table.hash_key_attr]), DynamoType(key[table.range_key_attr])
        if table.hash_key_attr in key:
            return DynamoType(key[table.hash_key_attr]), None
        return DynamoType(key), None
    except (KeyError, TypeError, IndexError, AttributeError):
        return None


# ---------------------------------------------------------------------------------------------------------------
# 3. Responses without the shape walk
# ---------------------------------------------------------------------------------------------------------------

def _blob(value):
    if isinstance(value, str):
        value = value.encode("utf-8")
    return base64.b64encode(value).strip().decode("utf-8")


def _attribute_value(value):
    (kind, inner), = value.items()
    if kind == "B":
        return {kind: _blob(inner)}
    if kind == "BS":
        return {kind: [_blob(v) for v in inner]}
    if kind == "M":
        return {kind: _attribute_map(inner)}
    if kind == "L":
        return {kind: [_attribute_value(v) for v in inner]}
    if kind in ("S", "N", "BOOL", "NULL", "SS", "NS"):
        return value
    raise _Unsupported(kind)


def _attribute_map(values):
    return {name: _attribute_value(value) for name, value in values.items() if value is not None}


def _timestamp(value):
    seconds = calendar.timegm(value.timetuple())
    return seconds + (value.microsecond // 1000) / 1000.0 if value.microsecond else seconds


def _fields(result, allowed, convert):
    if not isinstance(result, dict) or not set(result) <= allowed:
        raise _Unsupported("fields")
    out = {}
    for name, value in result.items():
        if value is not None:
            out[name] = convert[name](value) if name in convert else value
    return out


def _items(values):
    return [_attribute_map(v) for v in values]


def _stream_record(record):
    def dynamodb(d):
        return _fields(d, {"ApproximateCreationDateTime", "Keys", "NewImage", "OldImage", "SequenceNumber",
                           "SizeBytes", "StreamViewType"},
                       {"ApproximateCreationDateTime": lambda t: _timestamp(t) if isinstance(t, datetime) else t,
                        "Keys": _attribute_map, "NewImage": _attribute_map, "OldImage": _attribute_map})

    return _fields(record, {"eventID", "eventName", "eventSource", "eventVersion", "awsRegion", "dynamodb"},
                   {"dynamodb": dynamodb})


def _unprocessed_keys(tables):
    return {name: _fields(v, {"Keys", "AttributesToGet", "ConsistentRead", "ProjectionExpression",
                              "ExpressionAttributeNames"}, {"Keys": _items})
            for name, v in tables.items()}


FAST_RESPONSES = {
    "GetItem": lambda r: _fields(r, {"Item"}, {"Item": _attribute_map}),
    "Query": lambda r: _fields(r, {"Items", "Count", "ScannedCount", "LastEvaluatedKey"},
                               {"Items": _items, "LastEvaluatedKey": _attribute_map}),
    "Scan": lambda r: _fields(r, {"Items", "Count", "ScannedCount", "LastEvaluatedKey"},
                              {"Items": _items, "LastEvaluatedKey": _attribute_map}),
    "BatchGetItem": lambda r: _fields(r, {"Responses", "UnprocessedKeys", "ConsumedCapacity"},
                                      {"Responses": lambda t: {n: _items(v) for n, v in t.items()},
                                       "UnprocessedKeys": _unprocessed_keys, "ConsumedCapacity": _capacities}),
    "GetRecords": lambda r: _fields(r, {"NextShardIterator", "Records"},
                                    {"Records": lambda rs: [_stream_record(x) for x in rs]}),
    "BatchWriteItem": lambda r: _fields(r, {"ConsumedCapacity", "ItemCollectionMetrics", "UnprocessedItems"},
                                        {"ConsumedCapacity": _capacities, "ItemCollectionMetrics": _nothing,
                                         "UnprocessedItems": _nothing}),
}


def _capacities(values):
    """moto's ConsumedCapacity entries: a table name and capacity units, which the shape makes doubles."""
    out = []
    for value in values:
        if not set(value) <= {"TableName", "CapacityUnits", "Table"}:
            raise _Unsupported("capacity")
        entry = dict(value)
        if "CapacityUnits" in entry:
            entry["CapacityUnits"] = float(entry["CapacityUnits"])
        if "Table" in entry:
            if not isinstance(entry["Table"], dict) or not set(entry["Table"]) <= {"CapacityUnits"}:
                raise _Unsupported("capacity")
            entry["Table"] = {k: float(v) for k, v in entry["Table"].items()}
        out.append(entry)
    return out


def _nothing(value):
    """A map moto always leaves empty (a batch's unprocessed items, its item collection metrics)."""
    if value:
        raise _Unsupported("not empty")
    return value


# ---------------------------------------------------------------------------------------------------------------
# 8. Requests without the shape walk
# ---------------------------------------------------------------------------------------------------------------

# Data-plane operations: their only members that JSON does not carry as botocore parses them are AttributeValues'
# blobs (B, BS: base64 in JSON, bytes once parsed); they have no timestamps.
FAST_REQUESTS = frozenset({"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan", "BatchGetItem",
                           "BatchWriteItem", "TransactGetItems", "TransactWriteItems"})


def _with_blobs_decoded(value):
    """The request's JSON with every AttributeValue blob decoded, as botocore's parser gives it to moto."""
    if isinstance(value, dict):
        if len(value) == 1:
            (kind, inner), = value.items()
            if kind == "B" and isinstance(inner, str):
                return {kind: base64.b64decode(inner)}
            if kind == "BS" and isinstance(inner, list) and all(isinstance(v, str) for v in inner):
                return {kind: [base64.b64decode(v) for v in inner]}
        return {name: _with_blobs_decoded(inner) for name, inner in value.items()}
    if isinstance(value, list):
        return [_with_blobs_decoded(inner) for inner in value]
    return value


def _fast_parse_parameters(original):
    def parse_parameters(self, request):
        if self._get_action() in FAST_REQUESTS and isinstance(self.body, str) and self.body:
            try:
                parsed = json.loads(self.body)
            except ValueError:
                return original(self, request)
            if isinstance(parsed, dict):
                self.params = _with_blobs_decoded(parsed)
                return
        return original(self, request)

    return parse_parameters


def _fast_serialized(original):
    def serialized(self, action_result):
        convert = FAST_RESPONSES.get(self._get_action())
        result = action_result.result
        if convert is not None and not isinstance(result, Exception):
            try:
                body = json.dumps(convert(result))
            except (_Unsupported, AttributeError, TypeError, ValueError):
                return original(self, action_result)
            headers = {"Content-Type": "application/x-amz-json-1.0"}
            headers.update(self.response_headers)
            return 200, headers, body
        return original(self, action_result)

    return serialized


# ---------------------------------------------------------------------------------------------------------------
# 9. Expressions parsed once per text
# ---------------------------------------------------------------------------------------------------------------

def _lexed_once(original):
    tokens = {}  # condition text -> its nodes' (nonterminal, kind, text, value); every lexed node has no children

    def _lex_condition_expression(self):
        text = self.condition_expression
        known = tokens.get(text)
        if known is None:
            nodes = original(self)
            if len(tokens) < MAX_CACHED_EXPRESSIONS and all(not node.children for node in nodes):
                tokens[text] = tuple((n.nonterminal, n.kind, n.text, n.value) for n in nodes)
            return nodes
        node = self.Node
        return deque(node(nonterminal=a, kind=b, text=c, value=d, children=[]) for a, b, c, d in known)

    return _lex_condition_expression


def _parsed_once(original_make):
    trees = {}  # update expression text -> its parsed tree, pickled

    def make(cls, expression_str):
        pickled = trees.get(expression_str)
        if pickled is not None:
            return pickle.loads(pickled)
        tree = original_make.__func__(cls, expression_str)
        if len(trees) < MAX_CACHED_EXPRESSIONS:
            try:
                trees[expression_str] = pickle.dumps(tree, protocol=pickle.HIGHEST_PROTOCOL)
            except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
                pass  # parsed afresh each time, as moto does
        return tree

    return classmethod(make)



# ---------------------------------------------------------------------------------------------------------------
# 10. One request at a time, in arrival order
# ---------------------------------------------------------------------------------------------------------------

class ArrivalOrderLock:
    """A lock handed over in the order it was asked for (threading.Lock lets whoever asks when it is free jump the
    line: under load a request could wait past its caller's timeout while later ones went ahead)."""

    def __init__(self):
        self._mutex = threading.Lock()
        self._waiters = deque()
        self._held = False

    def __enter__(self):
        with self._mutex:
            if not self._held:
                self._held = True
                return self
            turn = threading.Lock()
            turn.acquire()
            self._waiters.append(turn)
        turn.acquire()  # released by the holder before us, which hands the lock over without freeing it
        return self

    def __exit__(self, *exc_info):
        with self._mutex:
            if self._waiters:
                self._waiters.popleft().release()
            else:
                self._held = False
        return False


_one_at_a_time = ArrivalOrderLock()


CLOUDWATCH_CBOR_PATH = "/service/GraniteServiceVersion20100801/operation/"
CLOUDWATCH_TIMESTAMPS = ("Timestamp", "Timestamps", "StartTime", "EndTime")


def _epoch_seconds(value):
    if isinstance(value, datetime):
        return value.timestamp()
    raise TypeError(f"not JSON: {type(value).__name__}")


def _as_datetimes(value, key=None):
    """moto's JSON answer with its timestamps (epoch seconds) as datetimes, which cbor2 writes as epoch times."""
    if isinstance(value, dict):
        return {k: _as_datetimes(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_datetimes(v, key) for v in value]
    if key in CLOUDWATCH_TIMESTAMPS and isinstance(value, (int, float)) and not isinstance(value, bool):
        return datetime.fromtimestamp(value, tz=timezone.utc)
    return value


def _cloudwatch_cbor(original_call):
    """Patch 12: CloudWatch in Smithy RPC v2 CBOR, served by moto's JSON 1.0 handling."""

    def call(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        if not path.startswith(CLOUDWATCH_CBOR_PATH):
            return original_call(self, environ, start_response)
        import cbor2

        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length) if length else b""
        payload = json.dumps(cbor2.loads(body) if body else {}, default=_epoch_seconds).encode()
        translated = dict(environ)
        translated.update({
            "PATH_INFO": "/",
            "CONTENT_TYPE": "application/x-amz-json-1.0",
            "HTTP_X_AMZ_TARGET": "GraniteServiceVersion20100801." + path[len(CLOUDWATCH_CBOR_PATH):],
            "CONTENT_LENGTH": str(len(payload)),
            "wsgi.input": io.BytesIO(payload),
        })
        answered = {}

        def keep(status, headers, exc_info=None):
            answered["status"], answered["headers"] = status, headers

        text = b"".join(original_call(self, translated, keep))
        encoded = cbor2.dumps(_as_datetimes(json.loads(text)) if text.strip() else {}, datetime_as_timestamp=True)
        headers = [(k, v) for k, v in answered["headers"] if k.lower() not in ("content-type", "content-length")]
        headers += [("Content-Type", "application/cbor"), ("smithy-protocol", "rpc-v2-cbor"),
                    ("Content-Length", str(len(encoded)))]
        start_response(answered["status"], headers)
        return [encoded]

    return call


def _keep_alive(original_call):
    """Patch 13: each request's body read to its end after the answer, so that its connection can serve the next."""
    from werkzeug.wsgi import LimitedStream

    def call(self, environ, start_response):
        body = environ["wsgi.input"]
        if not environ.get("wsgi.input_terminated"):  # a Content-Length (or none): read exactly that much
            body = LimitedStream(body, int(environ.get("CONTENT_LENGTH") or 0))
            environ["wsgi.input"], environ["wsgi.input_terminated"] = body, True
        try:
            return original_call(self, environ, start_response)
        finally:
            while body.read(65536):  # what the application left of it (none, for every DynamoDB call)
                pass

    return call


class _NoDrain:
    """werkzeug.serving's ``selectors`` as patch 13 leaves it: the wait for more request body finds nothing."""

    class DefaultSelector:
        def register(self, *args):
            pass

        def select(self, timeout=None):
            return []

        def close(self):
            pass


def _serve_kept_connections():
    import werkzeug.serving as serving

    handler = serving.WSGIRequestHandler
    original_send_header = handler.send_header

    def send_header(self, keyword, value):
        if keyword.lower() == "connection" and value.lower() == "close" and not self.close_connection:
            return  # werkzeug's own close after every answer; a client's "Connection: close" has closed it already
        original_send_header(self, keyword, value)

    handler.protocol_version = "HTTP/1.1"
    # an answer is written as its head, then its body: on a kept connection Nagle's algorithm held the body back
    # until the client's delayed ACK of the head (40 ms a request), where a closing connection flushed it at once
    handler.disable_nagle_algorithm = True
    handler.send_header = send_header
    serving.selectors = _NoDrain


def _isolated(original_call):
    def call(self, environ, start_response):
        with _one_at_a_time:
            response = original_call(self, environ, start_response)
            try:
                return list(response)
            finally:
                if hasattr(response, "close"):
                    response.close()

    return call


# ---------------------------------------------------------------------------------------------------------------
# 11. Query results without a deep copy
# ---------------------------------------------------------------------------------------------------------------

_query_results = threading.local()


class _CopyExceptQueryResults:
    """The ``copy`` module as moto's table module sees it: ``deepcopy`` hands a query's results back as they are."""

    def __getattr__(self, name):
        return getattr(copy, name)

    @staticmethod
    def deepcopy(value, memo=None):
        if getattr(_query_results, "sizes", None) is not None:  # inside a query
            return value
        return copy.deepcopy(value, memo)


def _size_once_per_query(original_size):
    def size(self):
        sizes = getattr(_query_results, "sizes", None)
        if sizes is None:
            return original_size(self)
        known = sizes.get(id(self))  # the items outlive the query: their ids are not reused during it
        if known is None:
            known = sizes[id(self)] = original_size(self)
        return known

    return size


# ---------------------------------------------------------------------------------------------------------------
# Applying the patches
# ---------------------------------------------------------------------------------------------------------------

_applied = False


def apply():
    global _applied
    if _applied:
        return
    check_version()
    from moto.dynamodb.models import DynamoDBBackend
    from moto.dynamodb.models.table import Table
    from moto.dynamodb.responses import DynamoHandler
    from moto.dynamodbstreams.models import DynamoDBStreamsBackend
    from moto.dynamodbstreams.responses import DynamoDBStreamsHandler

    # 1. queries over the item's own partition
    original_all_items = Table.all_items
    original_query = Table.query

    def all_items(self):
        candidates = getattr(_query_candidates, "items", None)
        return original_all_items(self) if candidates is None else candidates

    def query(self, hash_key, range_comparison, range_objs, limit, exclusive_start_key, scan_index_forward,
              projection_expressions, index_name=None, consistent_read=False, filter_expression=None,
              hash_key_conditions=None, range_key_conditions=None, **filter_kwargs):
        try:
            candidates = _plan_query(self, hash_key, range_comparison, range_objs, limit, exclusive_start_key,
                                     scan_index_forward, index_name, hash_key_conditions, range_key_conditions,
                                     filter_kwargs)
        except (_Unsupported, TypeError, AttributeError, KeyError, IndexError):
            candidates = None  # moto's full query decides (and raises its own errors)
        _query_candidates.items = candidates
        _query_results.sizes = {}  # also tells deepcopy that this is a query's
        try:
            return original_query(self, hash_key, range_comparison, range_objs, limit, exclusive_start_key,
                                  scan_index_forward, projection_expressions, index_name, consistent_read,
                                  filter_expression, hash_key_conditions=hash_key_conditions,
                                  range_key_conditions=range_key_conditions, **filter_kwargs)
        finally:
            _query_candidates.items = None
            _query_results.sizes = None

    Table.all_items = all_items
    Table.query = query
    import moto.dynamodb.models.table as table_module

    table_module.copy = _CopyExceptQueryResults()  # 11. query results handed on as they are
    from moto.dynamodb.models.dynamo_type import Item

    Item.size = _size_once_per_query(Item.size)

    # writes keep the partitions (and record what a transaction must be able to undo)
    original_put = Table.put_item
    original_delete = Table.delete_item
    original_update = DynamoDBBackend.update_item
    original_update_indexes = DynamoDBBackend.update_table_global_indexes

    def put_item(self, item_attrs, *args, **kwargs):
        table_key = _key_of_attrs(self, item_attrs)
        _record_before_write(self, table_key)
        try:
            return original_put(self, item_attrs, *args, **kwargs)
        finally:
            if table_key is not None:
                _reindex(self, table_key)

    def delete_item(self, hash_key, range_key):
        table_key = (hash_key, range_key if self.range_key_attr else None)
        _record_before_write(self, table_key)
        try:
            return original_delete(self, hash_key, range_key)
        finally:
            _reindex(self, table_key)

    def update_item(self, table_name, key, *args, **kwargs):
        table = self.get_table(table_name)
        table_key = _key_of_update(table, key)
        _record_before_write(table, table_key)
        try:
            return original_update(self, table_name, key, *args, **kwargs)
        finally:
            if table_key is not None:
                _reindex(table, table_key)

    def update_table_global_indexes(self, table, global_index_updates):
        try:
            return original_update_indexes(self, table, global_index_updates)
        finally:
            _forget_indexes(table)

    Table.put_item = put_item
    Table.delete_item = delete_item
    DynamoDBBackend.update_item = update_item
    DynamoDBBackend.update_table_global_indexes = update_table_global_indexes

    # 2. transactions: no table copies, an undo log instead
    original_transact = DynamoDBBackend.transact_write_items

    def table_deepcopy(self, memo):
        if getattr(_transaction, "log", None) is not None:
            return self  # the transaction's "backup": its rollback restores the same object, the undo log the items
        return copy._reconstruct(self, memo, *self.__reduce_ex__(4))

    def transact_write_items(self, transact_items):
        log = UndoLog(self)
        _transaction.log = log
        try:
            return original_transact(self, transact_items)
        except BaseException:
            _transaction.log = None
            log.undo()
            raise
        finally:
            _transaction.log = None

    Table.__deepcopy__ = table_deepcopy
    DynamoDBBackend.transact_write_items = transact_write_items

    # 5. transactions' client request tokens
    from moto.core.responses import ActionResult
    from moto.dynamodb.exceptions import ERROR_TYPE_PREFIX, DynamodbException

    class IdempotentParameterMismatch(DynamodbException):
        def __init__(self):
            super().__init__(ERROR_TYPE_PREFIX + "IdempotentParameterMismatchException",
                             message="The request uses the same client token as a previous, but non-identical "
                                     "request.")

    original_transact_response = DynamoHandler.transact_write_items

    def transact_write_items_response(self):
        token = self.body.get("ClientRequestToken")
        if not token:
            return original_transact_response(self)
        completed = self.dynamodb_backend.__dict__.setdefault("_scaleout_tokens", OrderedDict())
        now = time.monotonic()
        while completed and next(iter(completed.values()))[1] < now:
            completed.popitem(last=False)
        fingerprint = json.dumps(self.body.get("TransactItems"), sort_keys=True, default=str)
        seen = completed.get(token)
        if seen is not None:
            if seen[0] != fingerprint:
                raise IdempotentParameterMismatch()
            return ActionResult({"ConsumedCapacity": [], "ItemCollectionMetrics": {}})
        result = original_transact_response(self)
        completed[token] = (fingerprint, now + IDEMPOTENCY_WINDOW_SECONDS)
        return result

    DynamoHandler.transact_write_items = transact_write_items_response

    # 3. responses
    DynamoHandler.serialized = _fast_serialized(DynamoHandler.serialized)
    DynamoDBStreamsHandler.serialized = _fast_serialized(DynamoDBStreamsHandler.serialized)

    # 4. shard iterators, bounded
    original_streams_init = DynamoDBStreamsBackend.__init__

    def streams_init(self, region_name, account_id):
        original_streams_init(self, region_name, account_id)
        self.shard_iterators = BoundedIterators()

    DynamoDBStreamsBackend.__init__ = streams_init

    # 6. per-request constants
    import logging

    import moto.backends
    import moto.core.responses

    modules = tuple(moto.backends.list_of_moto_modules())
    moto.backends.list_of_moto_modules = lambda: modules
    method_names = {}
    original_method_names = moto.core.responses.method_names_from_class

    def method_names_from_class(clazz):
        names = method_names.get(clazz)
        if names is None:
            names = method_names[clazz] = original_method_names(clazz)
        return names

    moto.core.responses.method_names_from_class = method_names_from_class
    logging.getLogger("werkzeug").setLevel(logging.WARNING)

    # 7. the marker
    from moto.moto_server.werkzeug_app import DomainDispatcherApplication

    original_call = DomainDispatcherApplication.__call__

    def call(self, environ, start_response):
        def marked(status, headers, exc_info=None):
            return start_response(status, list(headers) + [MARKER_HEADER], exc_info)

        return original_call(self, environ, marked)

    DomainDispatcherApplication.__call__ = _keep_alive(_isolated(_cloudwatch_cbor(call)))

    # 13. kept connections
    _serve_kept_connections()

    # 8. requests
    DynamoHandler.parse_parameters = _fast_parse_parameters(DynamoHandler.parse_parameters)

    # 9. expressions
    from moto.dynamodb.comparisons import ConditionExpressionParser
    from moto.dynamodb.parsing.expressions import UpdateExpressionParser

    ConditionExpressionParser._lex_condition_expression = _lexed_once(
        ConditionExpressionParser._lex_condition_expression)
    UpdateExpressionParser.make = _parsed_once(UpdateExpressionParser.make)
    _applied = True


class BoundedIterators(OrderedDict):
    """Shard iterators by ARN, the oldest forgotten beyond MAX_SHARD_ITERATORS."""

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        if len(self) > MAX_SHARD_ITERATORS:
            self.popitem(last=False)


def main(argv):
    if argv[:1] == ["--check"]:
        apply()
        print(f"scaleout_moto: moto {MOTO_VERSION} patched")
        return
    apply()
    from moto.server import main as moto_main

    moto_main(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
