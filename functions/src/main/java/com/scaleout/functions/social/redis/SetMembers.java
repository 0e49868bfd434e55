package com.scaleout.functions.social.redis;

import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Which candidates are members of a set: SMISMEMBER, a thousand at a time, so that a huge question is no huge reply. */
final class SetMembers {
    private static final int PER_CALL = 1000;

    private SetMembers() {
    }

    static Set<String> among(RedisClusterCommands<String, String> sync, String key, Collection<String> candidates) {
        var asked = new ArrayList<>(candidates);
        var members = new HashSet<String>();
        for (int from = 0; from < asked.size(); from += PER_CALL) {
            List<String> chunk = asked.subList(from, Math.min(asked.size(), from + PER_CALL));
            List<Boolean> member = sync.smismember(key, chunk.toArray(String[]::new));
            for (int i = 0; i < chunk.size(); i++) {
                if (Boolean.TRUE.equals(member.get(i))) {
                    members.add(chunk.get(i));
                }
            }
        }
        return members;
    }
}
