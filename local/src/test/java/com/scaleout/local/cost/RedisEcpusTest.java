package com.scaleout.local.cost;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.StatusOutput;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A command's request bytes are its RESP as sent; ECPUs are 1 per KB of request and reply, at least 1. */
class RedisEcpusTest {
    @Test
    void aCommandsRequestIsCountedAsItsRespBytesNonAsciiIncluded() {
        String value = "välue ✓";
        var set = new Command<>(CommandType.SET, new StatusOutput<>(StringCodec.UTF8),
                new CommandArgs<>(StringCodec.UTF8).addKey("tweet:01").addValue(value));
        int valueBytes = value.getBytes(StandardCharsets.UTF_8).length;
        String resp = "*3\r\n$3\r\nSET\r\n$8\r\ntweet:01\r\n$" + valueBytes + "\r\n";

        assertThat(RedisEcpus.requestBytes(set)).isEqualTo(resp.length() + valueBytes + 2);
    }

    @Test
    void ecpusAreOnePerKilobyteAndAtLeastOne() {
        assertThat(RedisEcpus.of(0)).isEqualTo(1);
        assertThat(RedisEcpus.of(1024)).isEqualTo(1);
        assertThat(RedisEcpus.of(1025)).isEqualTo(2);
    }
}
